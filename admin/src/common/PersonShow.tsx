import { BooleanField, DateField, EmailField, Show, SimpleShowLayout, TextField } from 'react-admin';

/** An agent's or a user's page: the same details, and for users whether they are an admin. */
export function PersonShow({ showAdminFlag = false }: { showAdminFlag?: boolean }) {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="id" />
        <TextField source="full_name" label="Name" />
        <EmailField source="email" />
        <TextField source="phone" emptyText="-" />
        <BooleanField source="is_active" label="Verified" />
        {showAdminFlag && <BooleanField source="is_superuser" label="Admin" />}
        <TextField source="formatted_date_joined" label="Joined" />
        <DateField source="last_login" showTime emptyText="Never" />
      </SimpleShowLayout>
    </Show>
  );
}
