import { Box, Stack, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import type { AdminLeadEvent } from '@shared/api/admin';
import type { LeadStatus } from '@shared/limits';
import { dateTime } from '../common/text';
import { STATUS_LABELS } from './statuses';

function describe(event: AdminLeadEvent): string {
  const status = (s: string | null) => (s ? (STATUS_LABELS[s as LeadStatus] ?? s) : '-');
  switch (event.kind) {
    case 'created':
      return 'Lead created';
    case 'status':
      return `Status: ${status(event.from)} → ${status(event.to)}`;
    case 'assignment':
      return `Agent: ${event.from_label ?? 'Unassigned'} → ${event.to_label ?? 'Unassigned'}`;
    case 'account_created':
      return 'Customer account created';
  }
}

/** Who changed the lead's status or agent, and when, newest last. */
export function LeadHistory() {
  const record = useRecordContext();
  const events: AdminLeadEvent[] = record?.history ?? [];
  if (!events.length) return <Typography color="text.secondary">No history yet.</Typography>;
  return (
    <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="lead-history">
      {events.map((event) => (
        <Box component="li" key={event.id} sx={{ borderLeft: 3, borderColor: 'primary.main', pl: 1.5 }}>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {describe(event)}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {dateTime(event.created_at)}
            {event.actor ? ` · by ${event.actor.full_name}` : ''}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}
