import AssignmentLateIcon from '@mui/icons-material/AssignmentLate';
import DateRangeIcon from '@mui/icons-material/DateRange';
import InboxIcon from '@mui/icons-material/Inbox';
import TodayIcon from '@mui/icons-material/Today';
import { Alert, Box, Grid, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Loading, Title, useDataProvider } from 'react-admin';
import type { AdminDashboard } from '@shared/api/admin-dashboard';
import { DestinationChart } from './DestinationChart';
import { LeadsPerDayChart } from './LeadsPerDayChart';
import { LeadTable } from './LeadTable';
import { StatCard } from './StatCard';
import { StatusChart } from './StatusChart';

const leadsWith = (filter: object) => `/leads?filter=${encodeURIComponent(JSON.stringify(filter))}`;

function mondayOf(today: string) {
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
}

export function Dashboard() {
  const dataProvider = useDataProvider();
  const { data, error, isPending } = useQuery<AdminDashboard>({
    queryKey: ['dashboard'],
    queryFn: () => dataProvider.getDashboard(),
  });
  return (
    <Box sx={{ mt: 2, mb: 4 }}>
      <Title title="Home" />
      <Typography variant="h5" component="h1" gutterBottom>
        Welcome to the back-office
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Here is how the leads are doing today. Figures use UTC days; the week starts on Monday.
      </Typography>
      {isPending && <Loading />}
      {error && <Alert severity="error">The dashboard could not be loaded. Please reload the page.</Alert>}
      {data && (
        <Stack spacing={2}>
          <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 2 }}>
            <StatCard
              label="New leads today"
              value={data.new_today}
              icon={<TodayIcon color="primary" fontSize="large" />}
              to={leadsWith({ created_at_gte: data.today })}
            />
            <StatCard
              label="New leads this week"
              value={data.new_this_week}
              icon={<DateRangeIcon color="primary" fontSize="large" />}
              to={leadsWith({ created_at_gte: mondayOf(data.today) })}
            />
            <StatCard
              label="Unassigned leads"
              value={data.unassigned}
              icon={<AssignmentLateIcon color="warning" fontSize="large" />}
              to={leadsWith({ agent_id: 'none' })}
            />
            <StatCard
              label="All leads"
              value={data.total_leads}
              icon={<InboxIcon color="action" fontSize="large" />}
              to="/leads"
            />
          </Stack>
          <LeadsPerDayChart days={data.leads_per_day} />
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 6 }}>
              <StatusChart statuses={data.leads_by_status} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <DestinationChart dashboard={data} />
            </Grid>
            <Grid size={{ xs: 12, lg: 6 }}>
              <LeadTable title="Latest leads" leads={data.latest_leads} empty="No leads yet." more="/leads" />
            </Grid>
            <Grid size={{ xs: 12, lg: 6 }}>
              <LeadTable
                title="Unassigned leads"
                leads={data.unassigned_leads}
                empty="Every lead has an agent."
                more={leadsWith({ agent_id: 'none' })}
              />
            </Grid>
          </Grid>
        </Stack>
      )}
    </Box>
  );
}
