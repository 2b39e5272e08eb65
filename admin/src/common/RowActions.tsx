import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { IconButton, Stack, Tooltip } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  Confirm,
  useCreatePath,
  useDelete,
  useGetRecordRepresentation,
  useNotify,
  useRecordContext,
  useResourceContext,
} from 'react-admin';

function DeleteAction({ noun }: { noun: string }) {
  const record = useRecordContext();
  const resource = useResourceContext()!;
  const represent = useGetRecordRepresentation(resource);
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [remove, { isPending }] = useDelete();
  if (!record) return null;
  const confirm = () =>
    remove(
      resource,
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => notify(`${noun[0].toUpperCase()}${noun.slice(1)} deleted`, { type: 'info' }),
        onError: (error) => notify((error as Error).message, { type: 'error' }),
        onSettled: () => setOpen(false),
      },
    );
  return (
    <>
      <Tooltip title="Delete">
        <IconButton aria-label={`Delete ${noun} ${record.id}`} color="error" size="small" onClick={() => setOpen(true)}>
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Confirm
        isOpen={open}
        loading={isPending}
        title={`Delete ${noun} #${record.id}`}
        content={`"${String(represent(record))}" will be deleted. This cannot be undone.`}
        confirm="Delete"
        onConfirm={() => void confirm()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

/** Compact row actions (edit, view details, delete) so wide tables still fit. */
export function RowActions({
  noun,
  edit = true,
  show = true,
  children,
}: {
  noun: string;
  edit?: boolean;
  show?: boolean;
  children?: ReactNode;
  label?: string;
}) {
  const record = useRecordContext();
  const resource = useResourceContext()!;
  const createPath = useCreatePath();
  if (!record) return null;
  const stop = (e: React.MouseEvent) => e.stopPropagation();
  return (
    <Stack direction="row" onClick={stop} sx={{ justifyContent: 'flex-end', whiteSpace: 'nowrap' }}>
      {children}
      {edit && (
        <Tooltip title="Edit">
          <IconButton
            component={Link}
            to={createPath({ resource, id: record.id, type: 'edit' })}
            aria-label={`Edit ${noun} ${record.id}`}
            size="small"
            color="primary"
          >
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {show && (
        <Tooltip title="View details">
          <IconButton
            component={Link}
            to={createPath({ resource, id: record.id, type: 'show' })}
            aria-label={`View details of ${noun} ${record.id}`}
            size="small"
            color="primary"
          >
            <VisibilityIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      <DeleteAction noun={noun} />
    </Stack>
  );
}
