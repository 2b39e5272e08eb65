import AssignmentIndIcon from '@mui/icons-material/AssignmentInd';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import {
  Button,
  HttpError,
  useDataProvider,
  useGetList,
  useListContext,
  useNotify,
  useRefresh,
  useTranslate,
  useUnselectAll,
} from 'react-admin';
import { LEAD_STATUSES } from '@shared/limits';
import { statusKey } from '../common/statuses';

const UNASSIGNED = 'none';

/** Bulk reassign or bulk status of the selected leads (all or nothing: the server names a refused lead). */
function BulkUpdateButton({ kind }: { kind: 'agent' | 'status' }) {
  const { selectedIds } = useListContext();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll('leads');
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const { data: agents = [] } = useGetList(
    'agents',
    { pagination: { page: 1, perPage: 100 }, sort: { field: 'full_name', order: 'ASC' } },
    { enabled: open && kind === 'agent' },
  );
  // Kept from the moment the dialog opened: the selection is cleared while it closes.
  const [count, setCount] = useState(0);
  const apply = async () => {
    setBusy(true);
    try {
      const body =
        kind === 'agent'
          ? { ids: selectedIds as number[], agent_id: value === UNASSIGNED ? null : Number(value) }
          : { ids: selectedIds as number[], status: value };
      await dataProvider.bulkUpdateLeads(body);
      notify('app.leads.bulk_done', { type: 'success', messageArgs: { smart_count: count } });
      setOpen(false);
      unselectAll();
      refresh();
    } catch (error) {
      const message = (error as HttpError).message;
      notify(message ? `${message} ${translate('app.leads.bulk_failed')}` : 'app.leads.bulk_failed', {
        type: 'error',
      });
    } finally {
      setBusy(false);
    }
  };
  const title = kind === 'agent' ? 'app.leads.bulk_assign_title' : 'app.leads.bulk_status_title';
  const label = kind === 'agent' ? 'app.leads.bulk_assign' : 'app.leads.bulk_status';
  return (
    <>
      <Button
        label={label}
        onClick={() => {
          setValue('');
          setCount(selectedIds.length);
          setOpen(true);
        }}
      >
        {kind === 'agent' ? <AssignmentIndIcon /> : <SwapHorizIcon />}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="xs">
        <DialogTitle>{translate(title, { smart_count: count })}</DialogTitle>
        <DialogContent>
          <TextField
            select
            fullWidth
            margin="dense"
            autoFocus
            label={translate(kind === 'agent' ? 'resources.leads.fields.agent_id' : 'resources.leads.fields.status')}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            slotProps={{ htmlInput: { 'data-testid': `bulk-${kind}-select` } }}
          >
            {kind === 'agent'
              ? [
                  <MenuItem key={UNASSIGNED} value={UNASSIGNED}>
                    {translate('app.common.unassigned')}
                  </MenuItem>,
                  ...agents.map((a) => (
                    <MenuItem key={a.id} value={String(a.id)}>
                      {a.full_name}
                    </MenuItem>
                  )),
                ]
              : LEAD_STATUSES.map((s) => (
                  <MenuItem key={s} value={s}>
                    {translate(statusKey(s))}
                  </MenuItem>
                ))}
          </TextField>
        </DialogContent>
        <DialogActions>
          <Button label="app.leads.bulk_cancel" onClick={() => setOpen(false)} />
          <Button
            label="app.leads.bulk_apply"
            variant="contained"
            disabled={!value || busy}
            onClick={() => void apply()}
          />
        </DialogActions>
      </Dialog>
    </>
  );
}

export const BulkReassignButton = () => <BulkUpdateButton kind="agent" />;
export const BulkStatusButton = () => <BulkUpdateButton kind="status" />;
