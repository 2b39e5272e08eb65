import { Chip } from '@mui/material';
import { useRecordContext } from 'react-admin';
import type { LeadStatus } from '@shared/limits';
import { STATUS_COLORS, STATUS_LABELS } from './statuses';

export function StatusChip({ status }: { status: LeadStatus }) {
  return (
    <Chip
      size="small"
      label={STATUS_LABELS[status] ?? status}
      sx={{ bgcolor: STATUS_COLORS[status], color: '#fff', fontWeight: 500 }}
    />
  );
}

export function LeadStatusField(_props: { label?: string; source?: string; sortBy?: string }) {
  const record = useRecordContext();
  return record ? <StatusChip status={record.status} /> : null;
}
