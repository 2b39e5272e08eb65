import { Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { LeadStatus } from '@shared/limits';
import { STATUS_COLORS, statusKey } from '../common/statuses';

export function StatusChip({ status }: { status: LeadStatus }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      label={translate(statusKey(status), { _: status })}
      sx={{ bgcolor: STATUS_COLORS[status], color: '#fff', fontWeight: 500 }}
    />
  );
}

export function LeadStatusField(_props: { label?: string; source?: string; sortBy?: string }) {
  const record = useRecordContext();
  return record ? <StatusChip status={record.status} /> : null;
}
