import MergeTypeIcon from '@mui/icons-material/MergeType';
import { Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useState } from 'react';
import {
  Button,
  HttpError,
  useCreatePath,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRedirect,
  useTranslate,
} from 'react-admin';

/**
 * On a repeat request of the same person (mergeable_into: the server's same-person rule): merge it
 * into the lead it repeats, after a confirmation. Two people's leads are linked instead (RelateButton).
 */
export function MergeButton() {
  const record = useRecordContext();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const redirect = useRedirect();
  const createPath = useCreatePath();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!record?.mergeable_into || record.merged_into) return null;
  const into = record.mergeable_into as number;
  const merge = async () => {
    setBusy(true);
    try {
      await dataProvider.mergeLead(record.id as number, into);
      notify('app.leads.merged', { type: 'success', messageArgs: { into } });
      setOpen(false);
      redirect(createPath({ resource: 'leads', id: into, type: 'show' }));
    } catch (error) {
      notify((error as HttpError).message || 'app.leads.merge_failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button label={translate('app.leads.merge', { id: into })} onClick={() => setOpen(true)}>
        <MergeTypeIcon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="merge-title">
        <DialogTitle id="merge-title">{translate('app.leads.merge_title', { id: record.id, into })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate('app.leads.merge_help', { into })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button label="app.leads.bulk_cancel" onClick={() => setOpen(false)} />
          <Button label="app.leads.merge_confirm" variant="contained" disabled={busy} onClick={() => void merge()} />
        </DialogActions>
      </Dialog>
    </>
  );
}
