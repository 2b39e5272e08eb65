import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { IconButton, Tooltip } from '@mui/material';
import { useState } from 'react';
import { Button, HttpError, useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';

/** Creates an (inactive) customer account from the lead; the customer gets the verification e-mail. */
export function CreateAccountButton({ compact }: { compact?: boolean }) {
  const record = useRecordContext();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  if (!record || record.user_id) return null;
  const onClick = async (event: React.MouseEvent) => {
    event.stopPropagation();
    setBusy(true);
    try {
      await dataProvider.createLeadAccount(record.id);
      notify('app.leads.account_created', { type: 'success', messageArgs: { email: record.email } });
      refresh();
    } catch (error) {
      notify((error as HttpError).message || 'app.leads.account_failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  if (compact) {
    return (
      <Tooltip title={translate('app.leads.create_account')}>
        <span>
          <IconButton
            aria-label={translate('app.leads.create_account_aria', { id: record.id })}
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
    <Button label="app.leads.create_account" onClick={(e) => void onClick(e)} disabled={busy}>
      <PersonAddIcon />
    </Button>
  );
}
