import AlarmIcon from '@mui/icons-material/Alarm';
import { Chip, Stack } from '@mui/material';
import { useCreatePath, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { Link } from 'react-router';

/**
 * The lead desk's marks on a lead: waiting past the SLA, repeat requests, a repeat of another lead,
 * merged, and (on the lead's page) the other people's leads linked as related, each a link to it.
 */
export function LeadDeskBadges({ lead }: { lead?: RaRecord }) {
  const context = useRecordContext();
  const record = lead ?? context;
  const translate = useTranslate();
  const createPath = useCreatePath();
  if (!record) return null;
  const chips = [];
  if (record.sla_breached)
    chips.push(
      <Chip
        key="sla"
        size="small"
        color="error"
        icon={<AlarmIcon />}
        label={translate('app.leads.sla_flag')}
        data-testid="sla-flag"
      />,
    );
  if (record.repeat_requests > 0)
    chips.push(
      <Chip
        key="repeat"
        size="small"
        color="warning"
        variant="outlined"
        label={translate('app.leads.repeat_badge', { smart_count: record.repeat_requests })}
        data-testid="repeat-badge"
      />,
    );
  if (record.merged_into)
    chips.push(
      <Chip key="merged" size="small" label={translate('app.leads.merged_into', { id: record.merged_into })} />,
    );
  else if (record.duplicate_of)
    chips.push(
      <Chip
        key="dup"
        size="small"
        variant="outlined"
        label={translate('app.leads.duplicate_of', { id: record.duplicate_of })}
        data-testid="duplicate-of"
      />,
    );
  for (const id of (record.related_lead_ids as number[] | undefined) ?? [])
    chips.push(
      <Chip
        key={`related-${id}`}
        size="small"
        variant="outlined"
        color="info"
        clickable
        component={Link}
        to={createPath({ resource: 'leads', id, type: 'show' })}
        label={translate('app.leads.related_to', { id })}
        data-testid="related-lead"
      />,
    );
  if (!chips.length) return null;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', mt: 0.5 }}>
      {chips}
    </Stack>
  );
}
