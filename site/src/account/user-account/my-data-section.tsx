import { EXPORT_FILE_NAME, type PersonalDataExport } from '@shared/api/privacy';
import { useState } from 'react';
import { saveJsonFile } from '../../lib/save-file';
import { authRequest } from '../../session/session-store';
import { FormAlert } from '../components/form-alert';
import { MY_DATA } from '../messages';
import { DeleteAccountModal } from './delete-account-modal';

/** Fetches everything the agency holds about the person and saves it as mis-datos.json. */
export async function downloadMyData(userId: number): Promise<void> {
  const data = await authRequest<PersonalDataExport>(`/users/user/${userId}/export/`);
  saveJsonFile(EXPORT_FILE_NAME, data);
}

/** 'Tus datos': download a copy, or delete the account. */
export function MyDataSection({ userId, onLeaving }: { userId: number; onLeaving: (leaving: boolean) => void }) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<'done' | 'failed' | null>(null);
  const [deleting, setDeleting] = useState(false);

  const download = async () => {
    setBusy(true);
    setResult(null);
    try {
      await downloadMyData(userId);
      setResult('done');
    } catch {
      setResult('failed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="account__section account__section--ruled" aria-labelledby="my-data-title">
      <h2 id="my-data-title" className="account__subtitle">
        {MY_DATA.title}
      </h2>
      <p className="muted">{MY_DATA.body}</p>
      <div className="auth__actions">
        <button type="button" className="button button--ghost" disabled={busy} onClick={() => void download()}>
          {busy ? MY_DATA.downloading : MY_DATA.download}
        </button>
        <button type="button" className="button button--danger-ghost" onClick={() => setDeleting(true)}>
          {MY_DATA.delete}
        </button>
      </div>
      <FormAlert tone="success">{result === 'done' ? MY_DATA.downloaded(EXPORT_FILE_NAME) : null}</FormAlert>
      <FormAlert tone="error">{result === 'failed' ? MY_DATA.downloadFailed : null}</FormAlert>
      <DeleteAccountModal open={deleting} userId={userId} onClose={() => setDeleting(false)} onLeaving={onLeaving} />
    </section>
  );
}
