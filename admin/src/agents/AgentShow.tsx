import { BooleanField, DateField, EmailField, Show, SimpleShowLayout, TextField } from 'react-admin';

export function AgentShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="id" />
        <TextField source="full_name" label="Name" />
        <EmailField source="email" />
        <TextField source="phone" emptyText="-" />
        <BooleanField source="is_active" label="Verified" />
        <TextField source="formatted_date_joined" label="Joined" />
        <DateField source="last_login" showTime emptyText="Never" />
      </SimpleShowLayout>
    </Show>
  );
}
