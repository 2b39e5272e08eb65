import BookmarksOutlinedIcon from '@mui/icons-material/BookmarksOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlined';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  IconButton,
  ListItemText,
  Menu,
  MenuItem,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useCreate, useDelete, useGetIdentity, useGetList, useListContext, useNotify, useTranslate } from 'react-admin';

/** "Mine": the list filtered on the signed-in staff member as the agent; pressed again, the filter goes. */
export function MineFilterButton() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const { filterValues, displayedFilters, setFilters } = useListContext();
  if (!identity) return null;
  const on = String(filterValues.agent_id ?? '') === String(identity.id);
  const toggle = () => {
    const { agent_id: _drop, ...rest } = filterValues;
    void _drop;
    setFilters(on ? rest : { ...rest, agent_id: identity.id }, displayedFilters);
  };
  return (
    <Button
      size="small"
      startIcon={<PersonOutlineIcon />}
      variant={on ? 'contained' : 'text'}
      aria-pressed={on}
      onClick={toggle}
    >
      {translate('app.views.mine')}
    </Button>
  );
}

interface SavedQuery {
  filter?: Record<string, unknown>;
  sort?: string;
  order?: 'ASC' | 'DESC';
}

/**
 * The signed-in staff member's saved views of a list, kept on the server (found again after
 * signing in anywhere): save the current filters and sort under a name, apply one, delete one.
 */
export function SavedViewsMenu({ resource }: { resource: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { filterValues, setFilters, sort, setSort } = useListContext();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const { data: views = [], refetch } = useGetList('saved-views', {
    filter: { resource },
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'name', order: 'ASC' },
  });
  const [create, { isPending: saving }] = useCreate();
  const [remove] = useDelete();

  const apply = (query: SavedQuery) => {
    setFilters(query.filter ?? {}, Object.fromEntries(Object.keys(query.filter ?? {}).map((k) => [k, true])));
    if (query.sort) setSort({ field: query.sort, order: query.order ?? 'ASC' });
    setAnchor(null);
  };
  const save = () =>
    create(
      'saved-views',
      { data: { resource, name: name.trim(), query: { filter: filterValues, sort: sort.field, order: sort.order } } },
      {
        onSuccess: () => {
          notify('app.views.saved', { type: 'success' });
          setNaming(false);
          setName('');
          void refetch();
        },
        onError: (err) =>
          notify((err as { body?: { message?: string } })?.body?.message ?? 'app.views.error', { type: 'error' }),
      },
    );
  const drop = (id: number) =>
    remove(
      'saved-views',
      { id, previousData: views.find((v) => v.id === id) },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify('app.views.deleted', { type: 'info' });
          void refetch();
        },
      },
    );

  return (
    <>
      <Button
        size="small"
        startIcon={<BookmarksOutlinedIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? 'saved-views-menu' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {translate('app.views.menu')}
      </Button>
      <Menu id="saved-views-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {views.length === 0 && (
          <MenuItem disabled>
            <ListItemText>{translate('app.views.none')}</ListItemText>
          </MenuItem>
        )}
        {views.map((view) => (
          <MenuItem key={view.id} onClick={() => apply(view.query as SavedQuery)}>
            <ListItemText>{view.name}</ListItemText>
            <IconButton
              size="small"
              edge="end"
              aria-label={translate('app.views.delete', { name: view.name })}
              onClick={(e) => {
                e.stopPropagation();
                void drop(Number(view.id));
              }}
            >
              <DeleteOutlineIcon fontSize="small" />
            </IconButton>
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setNaming(true);
          }}
        >
          {translate('app.views.save')}
        </MenuItem>
      </Menu>
      <Dialog open={naming} onClose={() => setNaming(false)} aria-labelledby="save-view-title" fullWidth maxWidth="xs">
        <DialogTitle id="save-view-title">{translate('app.views.save')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={translate('app.views.name')}
            value={name}
            slotProps={{ htmlInput: { maxLength: 100 } }}
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && name.trim()) void save();
            }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setNaming(false)}>{translate('app.mail.cancel')}</Button>
          <Button variant="contained" disabled={!name.trim() || saving} onClick={() => void save()}>
            {translate('app.common.save')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
