import { Link as MuiLink, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useGetIdentity, useTranslate } from 'react-admin';
import { ChartCard } from '../../common/ChartCard';
import { deskKeys, fetchOpenTasksOf } from './deskApi';
import { TaskRow } from './LeadTasks';

/** The dashboard's "my tasks": the signed-in user's open tasks, overdue first (soonest due first). */
export function MyTasks() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const userId = Number(identity?.id);
  const { data } = useQuery({
    queryKey: deskKeys.myTasks(userId),
    queryFn: () => fetchOpenTasksOf(userId),
    enabled: Number.isInteger(userId) && userId > 0,
  });
  return (
    <ChartCard title="app.desk.my_tasks">
      {data && !data.length && <Typography color="text.secondary">{translate('app.desk.no_my_tasks')}</Typography>}
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="my-tasks">
        {(data ?? []).map((task) => (
          <Stack
            component="li"
            key={task.id}
            direction="row"
            sx={{ alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 }}
          >
            <TaskRow task={task} showLead component="div" />
            <MuiLink
              component={Link}
              to={`/leads/${task.lead_id}/show`}
              variant="body2"
              sx={{ whiteSpace: 'nowrap', pt: 1 }}
            >
              {translate('app.desk.open_lead')}
            </MuiLink>
          </Stack>
        ))}
      </Stack>
    </ChartCard>
  );
}
