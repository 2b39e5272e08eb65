import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { IconButton, Tooltip } from '@mui/material';
import { useState } from 'react';
import { Button, HttpError, useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';

/** Creates an (inactive) customer account from the lead; the customer gets the verification e-mail. */
export function CreateAccountButton({ compact }: { compact?: boolean }) {
  const record = useRecordContext();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (!record || record.user_id) return null;
  const onClick = async (event: React.MouseEvent) => {
    event.stopPropagation();
    setBusy(true);
    try {
      await dataProvider.createLeadAccount(record.id);
      notify(`Account created for ${record.email}; a verification e-mail was sent.`, { type: 'success' });
      refresh();
    } catch (error) {
      notify((error as HttpError).message || 'Error creating the account. Please try again.', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  if (compact) {
    return (
      <Tooltip title="Create account">
        <span>
          <IconButton
            aria-label={`Create an account for lead ${record.id}`}
            size="small"
            color="primary"
            onClick={(e) => void onClick(e)}
            disabled={busy}
          >
            <PersonAddIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    );
  }
  return (
    <Button label="Create account" onClick={(e) => void onClick(e)} disabled={busy}>
      <PersonAddIcon />
    </Button>
  );
}
