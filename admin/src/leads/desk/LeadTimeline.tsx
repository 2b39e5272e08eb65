import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useRecordContext, useTranslate } from 'react-admin';
import { NOTE_MAX_CHARS, type TimelineEntry } from '@shared/api/lead-desk';
import { useFormat } from '../../i18n/format';
import { statusKey } from '../../common/statuses';
import { addNote, deskKeys, fetchTimeline } from './deskApi';

type Translate = ReturnType<typeof useTranslate>;

function describe(e: TimelineEntry, translate: Translate): string {
  const status = (s: string | null | undefined) => (s ? translate(statusKey(s), { _: s }) : '-');
  const agent = (name: string | null | undefined) => name ?? translate('app.common.unassigned');
  switch (e.kind) {
    case 'status':
      return translate('app.leads.event_status', { from: status(e.from), to: status(e.to) });
    case 'assigned':
      return translate('app.leads.event_agent', { from: agent(e.from_name), to: agent(e.to_name) });
    case 'email':
      return translate('app.desk.timeline_email', { subject: e.subject ?? '' });
    case 'task':
      return translate(e.done ? 'app.desk.timeline_task_done' : 'app.desk.timeline_task', { title: e.title ?? '' });
    case 'merged':
      return translate('app.desk.timeline_merged', { id: e.lead_id ?? '?' });
    case 'duplicate':
      return translate('app.desk.timeline_duplicate', { id: e.lead_id ?? '?' });
    case 'related':
      return translate('app.desk.timeline_related', { id: e.lead_id ?? '?' });
    case 'note':
      return translate('app.desk.timeline_note');
    default:
      return translate('app.leads.event_created');
  }
}

/** The add-note box: Ctrl+Enter (or the button) saves. */
function NoteBox({ leadId }: { leadId: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const save = useMutation({
    mutationFn: () => addNote(leadId, text.trim()),
    onSuccess: () => {
      setText('');
      notify('app.desk.note_added', { type: 'success' });
      void queryClient.invalidateQueries({ queryKey: deskKeys.timeline(leadId) });
    },
    onError: (err: Error) => notify(err.message || 'app.desk.save_error', { type: 'error' }),
  });
  const canSave = text.trim().length > 0 && !save.isPending;
  return (
    <Box
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        if (canSave) save.mutate();
      }}
      sx={{ mb: 2 }}
    >
      <TextField
        label={translate('app.desk.note_label')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && canSave) {
            event.preventDefault();
            save.mutate();
          }
        }}
        multiline
        minRows={2}
        fullWidth
        slotProps={{ htmlInput: { maxLength: NOTE_MAX_CHARS, 'data-testid': 'note-text' } }}
        helperText={translate('app.desk.note_help')}
      />
      <Button type="submit" variant="contained" size="small" sx={{ mt: 1 }} disabled={!canSave}>
        {translate('app.desk.add_note')}
      </Button>
    </Box>
  );
}

/** The lead's history, notes, e-mails and tasks, newest first, with the add-note box on top. */
export function LeadTimeline() {
  const record = useRecordContext();
  const translate = useTranslate();
  const format = useFormat();
  const leadId = Number(record?.id);
  const { data, error } = useQuery({
    queryKey: deskKeys.timeline(leadId),
    queryFn: () => fetchTimeline(leadId),
    enabled: Number.isInteger(leadId),
  });
  if (!record) return null;
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('app.desk.timeline')}
        </Typography>
        <NoteBox leadId={leadId} />
        {error && <Alert severity="error">{translate('app.desk.load_error')}</Alert>}
        {data && !data.length && <Typography color="text.secondary">{translate('app.leads.no_history')}</Typography>}
        <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="lead-timeline">
          {(data ?? []).map((entry, i) => (
            <Box
              component="li"
              key={`${entry.kind}-${entry.note_id ?? entry.task_id ?? ''}-${i}`}
              data-kind={entry.kind}
              sx={{ borderLeft: 3, borderColor: entry.kind === 'note' ? 'secondary.main' : 'primary.main', pl: 1.5 }}
            >
              <Typography variant="body2" sx={{ fontWeight: 500 }}>
                {describe(entry, translate)}
              </Typography>
              {entry.kind === 'note' && (
                <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {entry.text}
                </Typography>
              )}
              {entry.kind === 'task' && entry.due_at && (
                <Typography variant="body2">
                  {translate('app.desk.due', { date: format.dateTime(entry.due_at) })}
                </Typography>
              )}
              <Typography variant="caption" color="text.secondary">
                {format.dateTime(entry.at)}
                {entry.actor_name ? ` · ${translate('app.leads.event_by', { name: entry.actor_name })}` : ''}
              </Typography>
            </Box>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}
