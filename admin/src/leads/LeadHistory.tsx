import { Box, Stack, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { AdminLeadEvent } from '@shared/api/admin';
import { useFormat } from '../i18n/format';
import { statusKey } from '../common/statuses';

type Translate = ReturnType<typeof useTranslate>;

function describe(event: AdminLeadEvent, translate: Translate): string {
  const status = (s: string | null) => (s ? translate(statusKey(s), { _: s }) : '-');
  const agent = (name: string | null | undefined) => name ?? translate('app.common.unassigned');
  switch (event.kind) {
    case 'created':
      return translate('app.leads.event_created');
    case 'status':
      return translate('app.leads.event_status', { from: status(event.from), to: status(event.to) });
    case 'assignment':
      return translate('app.leads.event_agent', { from: agent(event.from_label), to: agent(event.to_label) });
    case 'account_created':
      return translate('app.leads.event_account');
    default:
      // The lead desk's events (email, task, merged, duplicate) have their own texts in the timeline.
      return translate(`app.leads.event_${event.kind}`, { _: event.kind, from: event.from ?? '', to: event.to ?? '' });
  }
}

/** Who changed the lead's status or agent, and when, newest last. */
export function LeadHistory() {
  const record = useRecordContext();
  const translate = useTranslate();
  const format = useFormat();
  const events: AdminLeadEvent[] = record?.history ?? [];
  if (!events.length) return <Typography color="text.secondary">{translate('app.leads.no_history')}</Typography>;
  return (
    <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="lead-history">
      {events.map((event) => (
        <Box component="li" key={event.id} sx={{ borderLeft: 3, borderColor: 'primary.main', pl: 1.5 }}>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {describe(event, translate)}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {format.dateTime(event.created_at)}
            {event.actor ? ` · ${translate('app.leads.event_by', { name: event.actor.full_name })}` : ''}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}
