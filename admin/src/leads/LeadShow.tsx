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
} from 'react-admin';
import { CreateAccountButton } from './CreateAccountButton';
import { LeadHistory } from './LeadHistory';
import { LeadStatusField } from './LeadStatusField';

const Actions = () => (
  <TopToolbar>
    <CreateAccountButton />
    <EditButton />
  </TopToolbar>
);

export function LeadShow() {
  return (
    <Show actions={<Actions />}>
      <Grid container spacing={2} sx={{ p: 1 }}>
        <Grid size={{ xs: 12, md: 7 }}>
          <SimpleShowLayout>
            <TextField source="id" />
            <TextField source="formatted_created_at" label="Created" />
            <TextField source="first_name" />
            <TextField source="last_name" />
            <EmailField source="email" />
            <TextField source="phone" />
            <TextField source="date" emptyText="-" />
            <TextField source="hour" emptyText="-" />
            <Labeled label="Status">
              <LeadStatusField />
            </Labeled>
            <TextField source="destination.name" label="Destination" />
            <TextField source="travel_pack.name" label="Travel pack" emptyText="-" />
            <TextField source="agent.full_name" label="Agent" emptyText="Unassigned" />
            <BooleanField source="is_priority" label="Priority (repeat customer)" />
            <TextField source="notes" emptyText="-" />
          </SimpleShowLayout>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Card variant="outlined">
            <CardContent>
              <Typography variant="h6" gutterBottom>
                History
              </Typography>
              <LeadHistory />
            </CardContent>
          </Card>
        </Grid>
      </Grid>
    </Show>
  );
}
