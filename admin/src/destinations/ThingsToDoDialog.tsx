import DeleteIcon from '@mui/icons-material/Delete';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Confirm, HttpError, useDataProvider, useNotify, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import type { AdminThingToDo } from '@shared/api/admin';
import { LIMITS } from '@shared/limits';
import { UI } from '@shared/ui';
import { truncate } from '../common/text';
import { AddActivityForm } from './AddActivityForm';

const MAX = LIMITS.thingsToDo.perDestination;

export function ThingsToDoDialog({ destination, onClose }: { destination: RaRecord; onClose: () => void }) {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const [things, setThings] = useState<AdminThingToDo[]>(destination.things_to_do ?? []);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<AdminThingToDo | null>(null);

  const add = async (values: { title: string; description: string }) => {
    try {
      const created: AdminThingToDo = await dataProvider.addThingToDo(destination.id, values);
      setThings((list) => [...list, created]);
      setAdding(false);
      refresh();
      return null;
    } catch (error) {
      notify('app.destinations.add_activity_failed', { type: 'error' });
      return ((error as HttpError).body?.errors as Record<string, string>) ?? null;
    }
  };
  const remove = async () => {
    if (!deleting) return;
    try {
      await dataProvider.deleteThingToDo(destination.id, deleting.id);
      setThings((list) => list.filter((t) => t.id !== deleting.id));
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
    setDeleting(null);
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" onClick={(e) => e.stopPropagation()}>
      <DialogTitle>{translate('app.destinations.things_title', { name: destination.name })}</DialogTitle>
      <DialogContent>
        {things.length === 0 ? (
          <Typography color="text.secondary">{translate('app.destinations.none_available')}</Typography>
        ) : (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('app.destinations.col_id')}</TableCell>
                <TableCell>{translate('app.destinations.col_title')}</TableCell>
                <TableCell>{translate('app.destinations.col_description')}</TableCell>
                <TableCell align="right">{translate('app.destinations.col_actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {things.map((thing) => (
                <TableRow key={thing.id}>
                  <TableCell>{thing.id}</TableCell>
                  <TableCell>{thing.title}</TableCell>
                  <TableCell>{truncate(thing.description, UI.tablePreview.thingToDo)}</TableCell>
                  <TableCell align="right">
                    <IconButton
                      aria-label={translate('app.destinations.delete_thing_aria', { title: thing.title })}
                      onClick={() => setDeleting(thing)}
                      size="small"
                    >
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {adding && <AddActivityForm onAdd={add} onCancel={() => setAdding(false)} />}
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'space-between', px: 3 }}>
        <Typography variant="body2" data-testid="things-footer">
          {translate('app.destinations.things_footer', { count: things.length, max: MAX })}
        </Typography>
        <div>
          <Button onClick={() => setAdding(true)} disabled={things.length >= MAX || adding} variant="outlined">
            {translate('app.destinations.add_new')}
          </Button>
          <Button onClick={onClose}>{translate('app.common.close')}</Button>
        </div>
      </DialogActions>
      <Confirm
        isOpen={deleting !== null}
        title="app.destinations.delete_thing_title"
        content="app.destinations.delete_thing_content"
        translateOptions={{ title: deleting?.title ?? '', name: destination.name }}
        onConfirm={() => void remove()}
        onClose={() => setDeleting(null)}
      />
    </Dialog>
  );
}
