import { BooleanField, EmailField, Show, SimpleShowLayout, TextField } from 'react-admin';
import { RecordHistory } from './RecordHistory';
import { DateTimeField } from './LocalisedFields';

/**
 * An agent's or a user's page: the same details; for users whether they are an admin, for agents
 * whether new public leads are assigned to them.
 */
export function PersonShow({
  showAdminFlag = false,
  showReceivesLeads = false,
}: {
  showAdminFlag?: boolean;
  showReceivesLeads?: boolean;
}) {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="id" />
        <TextField source="full_name" />
        <EmailField source="email" />
        <TextField source="phone" emptyText="-" />
        <BooleanField source="is_active" />
        {showAdminFlag && <BooleanField source="is_superuser" />}
        {showReceivesLeads && <BooleanField source="receives_leads" />}
        <DateTimeField source="date_joined" />
        <DateTimeField source="last_login" emptyText="app.common.never" />
      </SimpleShowLayout>
      <RecordHistory resources={['users', 'agents']} />
    </Show>
  );
}
