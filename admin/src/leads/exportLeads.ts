import { accessToken } from '../auth/tokens';

export const EXPORT_FILE = 'destination_leads.csv';

/**
 * Streams GET /api/admin/leads/export (the server writes the CSV in batches) and saves it as
 * destination_leads.csv; `onProgress` gets the number of rows received so far.
 */
export async function exportLeads(
  filter: Record<string, unknown>,
  onProgress: (rows: number) => void,
): Promise<number> {
  const token = await accessToken();
  const res = await fetch(`/api/admin/leads/export?filter=${encodeURIComponent(JSON.stringify(filter))}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok || !res.body) {
    const body = await res.json().catch(() => ({}));
    throw new Error(body.message ?? 'app.leads.export_failed');
  }
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let lines = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    for (const byte of value) if (byte === 10) lines += 1;
    onProgress(Math.max(0, lines - 1));
  }
  const url = URL.createObjectURL(new Blob(chunks as BlobPart[], { type: 'text/csv;charset=utf-8' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: EXPORT_FILE });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return Math.max(0, lines - 1);
}
