import { Box, Card, CardContent, Link as MuiLink, Stack, Typography } from '@mui/material';
import { useGetList, useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router';
import type { AdminAuditEntry } from '@shared/api/admin';
import { useFormat } from '../i18n/format';
import { changeLines } from './ChangesField';
import { actionKey } from './auditLabels';

const SHOWN = 50;

/**
 * The audit entries of the record on screen (its resource and id), newest first: who created,
 * changed or deleted what, and when. `resources` lists the audit resources the record appears
 * under (a person is a user or an agent over time).
 */
export function RecordHistory({ resources }: { resources: string[] }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const format = useFormat();
  const filter = { resource: resources, record_id: String(record?.id ?? '') };
  const { data, total, isPending } = useGetList<AdminAuditEntry>(
    'audit-log',
    { filter, sort: { field: 'id', order: 'DESC' }, pagination: { page: 1, perPage: SHOWN } },
    { enabled: record?.id !== undefined },
  );
  const logLink = `/audit-log?filter=${encodeURIComponent(JSON.stringify(filter))}`;
  return (
    <Card variant="outlined" sx={{ mt: 2 }} component="section" aria-labelledby="record-history-title">
      <CardContent>
        <Typography variant="h6" component="h2" id="record-history-title" gutterBottom>
          {translate('app.audit.history')}
        </Typography>
        {isPending ? null : !data?.length ? (
          <Typography color="text.secondary">{translate('app.audit.no_history')}</Typography>
        ) : (
          <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="record-history">
            {data.map((entry) => (
              <Box component="li" key={entry.id} sx={{ borderLeft: 3, borderColor: 'primary.main', pl: 1.5 }}>
                <Typography variant="body2" sx={{ fontWeight: 500 }}>
                  {translate(actionKey(entry.action), { _: entry.action })}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="p">
                  {format.dateTime(entry.created_at)}
                  {entry.actor_email ? ` · ${entry.actor_email}` : ''}
                </Typography>
                {changeLines(entry.changes, translate, entry.resource).map((line, i) => (
                  <Typography key={i} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {line}
                  </Typography>
                ))}
              </Box>
            ))}
          </Stack>
        )}
        {(total ?? 0) > SHOWN && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {translate('app.audit.more', { count: SHOWN })}
          </Typography>
        )}
        {!!data?.length && (
          <MuiLink component={Link} to={logLink} variant="body2" sx={{ display: 'inline-block', mt: 1.5 }}>
            {translate('app.audit.open_log')}
          </MuiLink>
        )}
      </CardContent>
    </Card>
  );
}
