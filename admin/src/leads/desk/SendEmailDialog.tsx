import MailOutlineIcon from '@mui/icons-material/EmailOutlined';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useGetList, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { API, httpClient } from '../../lib/dataProvider';

interface Preview {
  to: string;
  subject: string;
  body_text: string;
  body_html: string;
}

type Body = { template_id: number } | { subject: string; body: string };

const post = async (leadId: number, action: 'preview-email' | 'send-email', body: Body): Promise<Preview> =>
  (await httpClient(`${API}/leads/${leadId}/${action}`, { method: 'POST', body: JSON.stringify(body) })).json;

const messageOf = (err: unknown) =>
  (err as { body?: { message?: string } })?.body?.message ?? (err as Error)?.message ?? '';

/** "Send e-mail" on the lead page: a template or the agent's own words, previewed as the lead will get it. */
export function SendEmailButton() {
  const lead = useRecordContext();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  if (!lead || lead.anonymised_at) return null;
  return (
    <>
      <Button size="small" startIcon={<MailOutlineIcon />} onClick={() => setOpen(true)}>
        {translate('app.mail.send')}
      </Button>
      {open && (
        <SendEmailDialog
          leadId={Number(lead.id)}
          name={`${lead.first_name} ${lead.last_name}`}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}

function SendEmailDialog({ leadId, name, onClose }: { leadId: number; name: string; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { data: templates = [] } = useGetList('email-templates', {
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'name', order: 'ASC' },
  });
  const [mode, setMode] = useState<'template' | 'text'>('template');
  const [templateId, setTemplateId] = useState<number | ''>('');
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');
  const [preview, setPreview] = useState<Preview | null>(null);
  const [error, setError] = useState('');

  const body = (): Body | null => {
    if (mode === 'template') return templateId === '' ? null : { template_id: templateId };
    return subject.trim() && text.trim() ? { subject, body: text } : null;
  };
  const showPreview = useMutation({
    mutationFn: (b: Body) => post(leadId, 'preview-email', b),
    onSuccess: (p) => {
      setPreview(p);
      setError('');
    },
    onError: (err) => {
      setPreview(null);
      setError(messageOf(err));
    },
  });
  const send = useMutation({
    mutationFn: (b: Body) => post(leadId, 'send-email', b),
    onSuccess: () => {
      notify('app.mail.sent', { type: 'success' });
      void queryClient.invalidateQueries({ queryKey: ['lead-desk'] });
      onClose();
    },
    onError: (err) => setError(messageOf(err) || translate('app.mail.error')),
  });
  const chooseTemplate = (id: number) => {
    setTemplateId(id);
    showPreview.mutate({ template_id: id });
  };
  const current = body();

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="send-email-title">
      <DialogTitle id="send-email-title">{translate('app.mail.title', { name })}</DialogTitle>
      <DialogContent>
        <RadioGroup
          row
          value={mode}
          onChange={(e) => {
            setMode(e.target.value as 'template' | 'text');
            setPreview(null);
            setError('');
          }}
        >
          <FormControlLabel value="template" control={<Radio />} label={translate('app.mail.template')} />
          <FormControlLabel value="text" control={<Radio />} label={translate('app.mail.free_text')} />
        </RadioGroup>
        {mode === 'template' ? (
          <TextField
            select
            fullWidth
            margin="dense"
            label={translate('app.mail.template')}
            value={templateId}
            onChange={(e) => chooseTemplate(Number(e.target.value))}
          >
            {templates.map((t) => (
              <MenuItem key={t.id} value={t.id}>
                {t.name}
              </MenuItem>
            ))}
          </TextField>
        ) : (
          <Stack>
            <TextField
              fullWidth
              margin="dense"
              label={translate('app.mail.subject')}
              value={subject}
              onChange={(e) => setSubject(e.target.value)}
            />
            <TextField
              fullWidth
              multiline
              minRows={5}
              margin="dense"
              label={translate('app.mail.body')}
              value={text}
              helperText={translate('app.mail.variables')}
              onChange={(e) => setText(e.target.value)}
            />
            <Box>
              <Button
                disabled={!current || showPreview.isPending}
                onClick={() => current && showPreview.mutate(current)}
              >
                {translate('app.mail.preview_button')}
              </Button>
            </Box>
          </Stack>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {/* The server's English text, in the screen's language when the catalogue knows it. */}
            {translate(error, { _: error })}
          </Alert>
        )}
        <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
          {translate('app.mail.preview')}
        </Typography>
        {preview ? (
          <Box
            aria-label={translate('app.mail.preview')}
            role="region"
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, mt: 0.5 }}
          >
            <Typography variant="body2" color="text.secondary">
              {translate('app.mail.to', { email: preview.to })}
            </Typography>
            <Typography variant="body1" sx={{ fontWeight: 'bold', my: 1 }} data-testid="preview-subject">
              {preview.subject}
            </Typography>
            <Typography variant="body2" component="div" sx={{ whiteSpace: 'pre-wrap' }} data-testid="preview-body">
              {preview.body_text}
            </Typography>
          </Box>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {translate('app.mail.preview_empty')}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.mail.cancel')}</Button>
        <Button
          variant="contained"
          startIcon={<MailOutlineIcon />}
          disabled={!current || send.isPending}
          onClick={() => current && send.mutate(current)}
        >
          {translate('app.mail.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
