import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  TextField,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { HttpError, useDataProvider, useRefresh, useTranslate } from 'react-admin';
import type { EraseResult } from '@shared/api/privacy';
import { emailProblem, failureKey, resultLines, type EraseStep } from './erase';

/**
 * Erases every record that carries an e-mail address (an erasure request): the address, then a
 * confirmation that says it cannot be undone, then what was changed.
 */
export function ErasePersonDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dataProvider = useDataProvider();
  const refresh = useRefresh();
  const translate = useTranslate();
  const [state, setState] = useState<EraseStep>({ step: 'form' });
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const problem = emailProblem(email);

  const close = () => {
    if (busy) return;
    setState({ step: 'form' });
    setEmail('');
    setTouched(false);
    setError(null);
    onClose();
  };
  const next = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!problem) setState({ step: 'confirm', email: email.trim() });
  };
  const erase = async (address: string) => {
    setBusy(true);
    setError(null);
    try {
      const result: EraseResult = await dataProvider.erasePerson(address);
      setState({ step: 'done', email: address, result });
      refresh();
    } catch (e) {
      setError(translate(failureKey((e as HttpError).message)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="erase-person-title">
      <DialogTitle id="erase-person-title">{translate('app.privacy.erase_title')}</DialogTitle>
      {state.step === 'form' && (
        <form noValidate onSubmit={next}>
          <DialogContent sx={{ pt: 0 }}>
            <DialogContentText sx={{ mb: 2 }}>{translate('app.privacy.erase_intro')}</DialogContentText>
            <TextField
              autoFocus
              fullWidth
              type="email"
              label={translate('app.privacy.email')}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={touched && Boolean(problem)}
              helperText={touched && problem ? translate(problem) : ' '}
            />
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={close}>{translate('app.common.cancel')}</Button>
            <Button type="submit" variant="contained">
              {translate('app.privacy.next')}
            </Button>
          </DialogActions>
        </form>
      )}
      {state.step === 'confirm' && (
        <>
          <DialogContent sx={{ pt: 0 }}>
            <Alert severity="warning" icon={<WarningAmberIcon />}>
              {translate('app.privacy.confirm_text', { email: state.email })}
            </Alert>
            {error && (
              <Alert severity="error" sx={{ mt: 2 }} role="alert">
                {error}
              </Alert>
            )}
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button autoFocus onClick={() => setState({ step: 'form' })} disabled={busy}>
              {translate('app.privacy.back')}
            </Button>
            <Button color="error" variant="contained" disabled={busy} onClick={() => void erase(state.email)}>
              {translate(busy ? 'app.privacy.erasing' : 'app.privacy.erase')}
            </Button>
          </DialogActions>
        </>
      )}
      {state.step === 'done' && (
        <>
          <DialogContent sx={{ pt: 0 }}>
            <Alert severity="success" role="status">
              {translate('app.privacy.done', { email: state.email })}
            </Alert>
            <List dense aria-label={translate('app.privacy.changed')}>
              {resultLines(state.result).map((line) => (
                <ListItem key={line.key} disableGutters>
                  <ListItemText primary={translate(line.key, { count: line.count })} />
                </ListItem>
              ))}
            </List>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button autoFocus variant="contained" onClick={close}>
              {translate('app.common.close')}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
