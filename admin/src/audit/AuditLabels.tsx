import { Chip, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { AdminAuditEntry } from '@shared/api/admin';
import { actionKey, resourceKey } from '../common/auditLabels';

const ACTION_COLOR: Record<string, 'default' | 'success' | 'info' | 'error' | 'warning'> = {
  create: 'success',
  update: 'info',
  delete: 'error',
  bulk_delete: 'error',
  erase: 'error',
  export: 'warning',
};

/** The action as a readable, coloured label. */
export function ActionField(_props: { label?: string; sortBy?: string }) {
  const record = useRecordContext<AdminAuditEntry>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={ACTION_COLOR[record.action] ?? 'default'}
      label={translate(actionKey(record.action), { _: record.action })}
    />
  );
}

/** The resource's readable name, with the record's id. */
export function ResourceField(_props: { label?: string; sortBy?: string }) {
  const record = useRecordContext<AdminAuditEntry>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap' }}>
      {translate(resourceKey(record.resource), { _: record.resource })}
      {/* A sign-in's record is its actor, shown beside it. */}
      {record.record_id && record.resource !== 'session' ? ` #${record.record_id}` : ''}
    </Typography>
  );
}

/** Who acted: the e-mail while the account exists, otherwise its id. */
export function ActorField(_props: { label?: string; sortBy?: string }) {
  const record = useRecordContext<AdminAuditEntry>();
  const translate = useTranslate();
  if (!record) return null;
  const text =
    record.actor_email ??
    (record.actor_id === null
      ? translate('app.audit.system')
      : translate('app.audit.deleted_actor', { id: record.actor_id }));
  return (
    <Typography component="span" variant="body2" sx={{ overflowWrap: 'break-word' }}>
      {text}
    </Typography>
  );
}
