import { Box, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { AdminAuditEntry } from '@shared/api/admin';
import { statusKey } from './statuses';
import { fieldKey, raResource } from './auditLabels';

type Translate = ReturnType<typeof useTranslate>;

const HIDDEN = '[oculto]';
const MAX_VALUE = 80;

function show(value: unknown, translate: Translate, full: boolean): string {
  if (value === HIDDEN) return `(${translate('app.audit.hidden')})`;
  if (value === null || value === undefined || value === '') return `(${translate('app.audit.empty')})`;
  if (typeof value === 'boolean') return translate(value ? 'ra.boolean.true' : 'ra.boolean.false');
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return !full && text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE)}…` : text;
}

const isPair = (value: unknown): value is [unknown, unknown] => Array.isArray(value) && value.length === 2;

/**
 * One line per changed field, "Field: old → new" (a created record's as "Field: (empty) → value"),
 * the field named as the record's own screens name it.
 */
export function changeLines(
  changes: AdminAuditEntry['changes'],
  translate: Translate,
  resource?: string,
  full = false,
): string[] {
  if (!changes) return [];
  const screen = resource ? raResource(resource) : undefined;
  return Object.entries(changes).map(([field, value]) => {
    const own = screen ? translate(fieldKey(screen, field), { _: field }) : field;
    const label = translate(`app.audit.detail.${field}`, { _: own });
    // A lead's status by its name in the current language ('Nueva', 'Contactada').
    const shown = (v: unknown) =>
      resource === 'leads' && field === 'status' && typeof v === 'string'
        ? translate(statusKey(v), { _: v })
        : show(v, translate, full);
    if (!isPair(value)) return `${label}: ${shown(value)}`;
    const [before, after] = value;
    return `${label}: ${shown(before)} → ${shown(after)}`;
  });
}

/** An entry's changes, one per line. `compact` keeps the first few (in a list row). */
export function ChangesField({ compact = false }: { compact?: boolean; label?: string; sortable?: boolean }) {
  const record = useRecordContext<AdminAuditEntry>();
  const translate = useTranslate();
  const lines = changeLines(record?.changes ?? null, translate, record?.resource, !compact);
  if (!lines.length) {
    return (
      <Typography component="span" variant="body2" color="text.secondary">
        {translate('app.audit.no_changes')}
      </Typography>
    );
  }
  const shown = compact ? lines.slice(0, 3) : lines;
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', minWidth: 0 }} data-testid="audit-changes">
      {shown.map((line, i) => (
        <Typography component="li" variant="body2" key={i} sx={{ overflowWrap: 'anywhere' }}>
          {line}
        </Typography>
      ))}
      {compact && lines.length > shown.length && (
        <Typography component="li" variant="body2" color="text.secondary">
          +{lines.length - shown.length}
        </Typography>
      )}
    </Box>
  );
}
