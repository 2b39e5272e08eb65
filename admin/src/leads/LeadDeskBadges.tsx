import AlarmIcon from '@mui/icons-material/Alarm';
import { Chip, Stack } from '@mui/material';
import { useRecordContext, useTranslate, type RaRecord } from 'react-admin';

/** The lead desk's marks on a lead: waiting past the SLA, repeat requests, a repeat of another lead, merged. */
export function LeadDeskBadges({ lead }: { lead?: RaRecord }) {
  const context = useRecordContext();
  const record = lead ?? context;
  const translate = useTranslate();
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
  if (!chips.length) return null;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', mt: 0.5 }}>
      {chips}
    </Stack>
  );
}
