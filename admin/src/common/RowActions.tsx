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
  useTranslate,
} from 'react-admin';

/** The resource's name in a sentence ('lead', 'solicitud'). */
function useNoun() {
  const resource = useResourceContext()!;
  const translate = useTranslate();
  return translate(`app.nouns.${resource}`, { smart_count: 1 });
}

function DeleteAction() {
  const record = useRecordContext();
  const resource = useResourceContext()!;
  const represent = useGetRecordRepresentation(resource);
  const notify = useNotify();
  const translate = useTranslate();
  const noun = useNoun();
  const [open, setOpen] = useState(false);
  const [remove, { isPending }] = useDelete();
  if (!record) return null;
  const confirm = () =>
    remove(
      resource,
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () =>
          notify('app.common.deleted', {
            type: 'info',
            messageArgs: { noun: `${noun[0].toUpperCase()}${noun.slice(1)}` },
          }),
        onError: (error) => notify((error as Error).message, { type: 'error' }),
        onSettled: () => setOpen(false),
      },
    );
  return (
    <>
      <Tooltip title={translate('app.common.delete')}>
        <IconButton
          aria-label={translate('app.common.delete_aria', { noun, id: record.id })}
          color="error"
          size="small"
          onClick={() => setOpen(true)}
        >
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Confirm
        isOpen={open}
        loading={isPending}
        title={translate('app.common.delete_title', { noun, id: record.id })}
        content={translate('app.common.delete_content', { name: String(represent(record)) })}
        confirm="app.common.delete"
        onConfirm={() => void confirm()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

/** Compact row actions (edit, view details, delete) so wide tables still fit. */
export function RowActions({
  edit = true,
  show = true,
  remove = true,
  children,
}: {
  edit?: boolean;
  show?: boolean;
  /** false for a read-only resource (the audit log). */
  remove?: boolean;
  children?: ReactNode;
  label?: string;
}) {
  const record = useRecordContext();
  const resource = useResourceContext()!;
  const createPath = useCreatePath();
  const translate = useTranslate();
  const noun = useNoun();
  if (!record) return null;
  const stop = (e: React.MouseEvent) => e.stopPropagation();
  return (
    <Stack direction="row" onClick={stop} sx={{ justifyContent: 'flex-end', whiteSpace: 'nowrap' }}>
      {children}
      {edit && (
        <Tooltip title={translate('app.common.edit')}>
          <IconButton
            component={Link}
            to={createPath({ resource, id: record.id, type: 'edit' })}
            aria-label={translate('app.common.edit_aria', { noun, id: record.id })}
            size="small"
            color="primary"
          >
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {show && (
        <Tooltip title={translate('app.common.view')}>
          <IconButton
            component={Link}
            to={createPath({ resource, id: record.id, type: 'show' })}
            aria-label={translate('app.common.view_aria', { noun, id: record.id })}
            size="small"
            color="primary"
          >
            <VisibilityIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {remove && <DeleteAction />}
    </Stack>
  );
}
