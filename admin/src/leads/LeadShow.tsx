import { Card, CardContent, Grid, Typography } from '@mui/material';
import {
  BooleanField,
  EditButton,
  EmailField,
  Labeled,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import { RecordHistory } from '../common/RecordHistory';
import { DateTimeField, DayField } from '../common/LocalisedFields';
import { useIsAdmin } from '../auth';
import { LeadTasks } from './desk/LeadTasks';
import { LeadTimeline } from './desk/LeadTimeline';
import { SendEmailButton } from './desk/SendEmailDialog';
import { CreateAccountButton } from './CreateAccountButton';
import { LeadDeskBadges } from './LeadDeskBadges';
import { LeadHistory } from './LeadHistory';
import { MergeButton } from './MergeButton';
import { RelateButton } from './RelateButton';
import { LeadStatusField } from './LeadStatusField';

const Actions = () => {
  // Making a customer account from a lead is an admin's (it creates a user); the rest is the desk's.
  const isAdmin = useIsAdmin();
  return (
    <TopToolbar>
      <SendEmailButton />
      <MergeButton />
      {isAdmin && <RelateButton />}
      {isAdmin && <CreateAccountButton />}
      <EditButton />
    </TopToolbar>
  );
};

export function LeadShow() {
  const translate = useTranslate();
  return (
    <Show actions={<Actions />}>
      <Grid container spacing={2} sx={{ p: 1 }}>
        <Grid size={{ xs: 12, md: 7 }}>
          <SimpleShowLayout>
            <TextField source="id" />
            <LeadDeskBadges />
            <DateTimeField source="created_at" />
            <TextField source="first_name" />
            <TextField source="last_name" />
            <EmailField source="email" />
            <TextField source="phone" />
            <DayField source="date" emptyText="-" />
            <TextField source="hour" emptyText="-" />
            <Labeled label="resources.leads.fields.status">
              <LeadStatusField />
            </Labeled>
            <TextField source="destination.name" />
            <TextField source="travel_pack.name" emptyText="-" />
            <TextField source="agent.full_name" emptyText="app.common.unassigned" />
            <BooleanField source="is_priority" label="app.leads.priority_repeat" />
            <TextField source="notes" emptyText="-" />
          </SimpleShowLayout>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <LeadTasks />
          <LeadTimeline />
          <Card variant="outlined" sx={{ mt: 2 }}>
            <CardContent>
              <Typography variant="h6" component="h2" gutterBottom>
                {translate('app.leads.history')}
              </Typography>
              <LeadHistory />
            </CardContent>
          </Card>
          <RecordHistory resources={['leads']} />
        </Grid>
      </Grid>
    </Show>
  );
}
