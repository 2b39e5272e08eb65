import AssignmentLateIcon from '@mui/icons-material/AssignmentLate';
import DateRangeIcon from '@mui/icons-material/DateRange';
import HourglassBottomIcon from '@mui/icons-material/HourglassBottom';
import InboxIcon from '@mui/icons-material/Inbox';
import TodayIcon from '@mui/icons-material/Today';
import { Alert, Box, Grid, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Loading, Title, useDataProvider, useTranslate } from 'react-admin';
import type { AdminDashboard } from '@shared/api/admin-dashboard';
import { MyTasks } from '../leads/desk/MyTasks';
import { DestinationChart } from './DestinationChart';
import { LeadsPerDayChart } from './LeadsPerDayChart';
import { LeadTable } from './LeadTable';
import { StatCard } from './StatCard';
import { StatusChart } from './StatusChart';

// The work figures count first requests only (the server's rule), so their lists leave repeat
// requests out too.
const leadsWith = (filter: object) => `/leads?filter=${encodeURIComponent(JSON.stringify(filter))}`;

/** The leads still new past the SLA, oldest first: the person's first requests only. */
const pastSlaList = (deadline: string) =>
  `${leadsWith({ status: 'new', is_repeat: false, created_at_lte: deadline })}&sort=created_at&order=ASC`;

function mondayOf(today: string) {
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
}

export function Dashboard() {
  const dataProvider = useDataProvider();
  const translate = useTranslate();
  const { data, error, isPending } = useQuery<AdminDashboard>({
    queryKey: ['dashboard'],
    queryFn: () => dataProvider.getDashboard(),
  });
  return (
    <Box sx={{ mt: 2, mb: 4 }}>
      <Title title="app.dashboard.title" />
      <Typography variant="h5" component="h1" gutterBottom>
        {translate('app.dashboard.welcome')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('app.dashboard.intro')}
      </Typography>
      {isPending && <Loading />}
      {error && <Alert severity="error">{translate('app.dashboard.error')}</Alert>}
      {data && (
        <Stack spacing={2}>
          <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 2 }}>
            <StatCard
              id="new_today"
              value={data.new_today}
              icon={<TodayIcon color="primary" fontSize="large" />}
              to={leadsWith({ created_at_gte: data.today, is_repeat: false })}
            />
            <StatCard
              id="new_this_week"
              value={data.new_this_week}
              icon={<DateRangeIcon color="primary" fontSize="large" />}
              to={leadsWith({ created_at_gte: mondayOf(data.today), is_repeat: false })}
            />
            <StatCard
              id="unassigned"
              value={data.unassigned}
              icon={<AssignmentLateIcon color="warning" fontSize="large" />}
              to={leadsWith({ agent_id: 'none', is_repeat: false })}
            />
            <StatCard
              id="past_sla"
              value={data.waiting_past_sla}
              icon={<HourglassBottomIcon color={data.waiting_past_sla ? 'error' : 'action'} fontSize="large" />}
              to={pastSlaList(data.sla_deadline)}
            />
            <StatCard
              id="all"
              value={data.total_leads}
              icon={<InboxIcon color="action" fontSize="large" />}
              to="/leads"
            />
          </Stack>
          <MyTasks />
          <LeadsPerDayChart days={data.leads_per_day} />
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 6 }}>
              <StatusChart statuses={data.leads_by_status} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <DestinationChart dashboard={data} />
            </Grid>
            <Grid size={{ xs: 12, lg: 6 }}>
              <LeadTable
                title="app.dashboard.past_sla_table"
                titleArgs={{ minutes: data.sla_minutes }}
                leads={data.past_sla_leads}
                empty="app.dashboard.none_past_sla"
                more={pastSlaList(data.sla_deadline)}
              />
            </Grid>
            <Grid size={{ xs: 12, lg: 6 }}>
              <LeadTable
                title="app.dashboard.latest"
                leads={data.latest_leads}
                empty="app.dashboard.no_leads"
                more="/leads"
              />
            </Grid>
            <Grid size={{ xs: 12, lg: 6 }}>
              <LeadTable
                title="app.dashboard.unassigned_table"
                leads={data.unassigned_leads}
                empty="app.dashboard.all_assigned"
                more={leadsWith({ agent_id: 'none', is_repeat: false })}
              />
            </Grid>
          </Grid>
        </Stack>
      )}
    </Box>
  );
}
