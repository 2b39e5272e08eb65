import LinkIcon from '@mui/icons-material/Link';
import { Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useState } from 'react';
import { Button, HttpError, useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';

/**
 * An admin's link between two people's leads (same trip, a shared phone): shown on both, nothing
 * moves between them. A repeat request of another person is offered as the lead to link.
 */
export function RelateButton() {
  const record = useRecordContext();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [other, setOther] = useState('');
  if (!record || record.merged_into) return null;
  const suggested = record.duplicate_of && !record.mergeable_into ? String(record.duplicate_of) : '';
  const otherId = Number(other);
  const valid = Number.isInteger(otherId) && otherId > 0 && otherId !== record.id;
  const start = () => {
    setOther(suggested);
    setOpen(true);
  };
  const relate = async () => {
    setBusy(true);
    try {
      await dataProvider.relateLead(record.id as number, otherId);
      notify('app.leads.related', { type: 'success', messageArgs: { id: record.id, other: otherId } });
      setOpen(false);
      refresh();
    } catch (error) {
      notify((error as HttpError).message || 'app.leads.relate_failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button label="app.leads.relate" onClick={start}>
        <LinkIcon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="relate-title">
        <DialogTitle id="relate-title">{translate('app.leads.relate_title', { id: record.id })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{translate('app.leads.relate_help')}</DialogContentText>
          <TextField
            autoFocus
            fullWidth
            type="number"
            label={translate('app.leads.relate_other')}
            value={other}
            onChange={(e) => setOther(e.target.value)}
            slotProps={{ htmlInput: { min: 1, 'data-testid': 'relate-other' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button label="app.leads.bulk_cancel" onClick={() => setOpen(false)} />
          <Button
            label="app.leads.relate_confirm"
            variant="contained"
            disabled={busy || !valid}
            onClick={() => void relate()}
          />
        </DialogActions>
      </Dialog>
    </>
  );
}
