import { randomBytes } from 'node:crypto';
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The .eml files of MAIL_TRANSPORT=outbox (see MailService): their names, and finding the ones
 * that carry a person's data when the person is erased.
 *
 * A file sent for an outbox row is named `<time>-o<row id>-<random>.eml`, so the files of the rows
 * an erasure removes are found by name; rows are purged a week after they are sent while their
 * files stay, so every file is also read and decoded (headers' encoded words, quoted-printable and
 * base64 parts, HTML entities) and searched for the person's address, names and phones.
 */

const FILE_SUFFIX = '.eml';

/** The name of a new outbox file; `outboxId` is the outbox row it was sent for, if any. */
export function outboxFileName(outboxId?: number): string {
  const row = outboxId === undefined ? '' : `-o${outboxId}`;
  return `${Date.now()}${row}-${randomBytes(4).toString('hex')}${FILE_SUFFIX}`;
}

/** The outbox row a file was sent for (null: a file written before names carried it, or no row). */
export function outboxIdOfFile(name: string): number | null {
  const m = /^\d+-o(\d+)-[0-9a-f]+\.eml$/.exec(name);
  return m ? Number(m[1]) : null;
}

const bytesToText = (hex: string) => Buffer.from(hex, 'hex').toString('utf8');

/** Quoted-printable decoded: soft line breaks joined, each run of =XX read as UTF-8 bytes. */
function unquote(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/(?:=[0-9A-Fa-f]{2})+/g, (run) => bytesToText(run.replace(/=/g, '')));
}

/** RFC 2047 encoded words (=?utf-8?B?…?= and =?utf-8?Q?…?=), adjacent ones joined. */
function decodeWords(text: string): string {
  return text
    .replace(/(=\?[^?\s]+\?[BbQq]\?[^?\s]*\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?[^?\s]+\?([BbQq])\?([^?\s]*)\?=/g, (_all, how: string, data: string) =>
      how.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : unquote(data.replace(/_/g, ' ')),
    );
}

/** Base64 bodies: the lines after each `Content-Transfer-Encoding: base64` part's headers, decoded. */
function base64Parts(text: string): string[] {
  const lines = text.split(/\r?\n/);
  const parts: string[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    if (!/^content-transfer-encoding:\s*base64\s*$/i.test(lines[i])) continue;
    while (i < lines.length && lines[i] !== '') i += 1; // the rest of the part's headers
    let data = '';
    for (i += 1; i < lines.length && /^[A-Za-z0-9+/]+=*$/.test(lines[i]); i += 1) data += lines[i];
    parts.push(Buffer.from(data, 'base64').toString('utf8'));
  }
  return parts;
}

/** The few entities textToHtml and the templates write, and numeric ones. */
function unescapeHtml(text: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === '#')
      return String.fromCodePoint(ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : Number(ref.slice(1)));
    return named[ref.toLowerCase()] ?? whole;
  });
}

/** Everything a reader of the file could see in it, lower-cased: raw, and decoded every way it may be encoded. */
export function emlSearchText(raw: Buffer): string {
  const text = raw.toString('utf8');
  const unfolded = text.replace(/\r?\n[ \t]+/g, ' ');
  const decoded = [unfolded, decodeWords(unfolded), unquote(text), ...base64Parts(text)];
  return [...decoded, ...decoded.map(unescapeHtml)].join('\n').toLowerCase();
}

/**
 * Deletes the outbox files sent for one of `outboxIds`, or naming one of `words` (compared
 * lower-cased); answers how many. A missing folder has nothing to delete.
 */
export async function deleteOutboxFiles(
  dir: string,
  outboxIds: ReadonlySet<number>,
  words: readonly string[],
): Promise<number> {
  const names = await readdir(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [] as string[];
    throw err;
  });
  const needles = words.map((w) => w.toLowerCase()).filter((w) => w.length > 0);
  let deleted = 0;
  for (const name of names) {
    if (!name.endsWith(FILE_SUFFIX) && !name.endsWith(`${FILE_SUFFIX}.part`)) continue;
    const file = join(dir, name);
    const id = outboxIdOfFile(name);
    let doomed = id !== null && outboxIds.has(id);
    if (!doomed) {
      const raw = await readFile(file).catch(() => null);
      if (!raw) continue;
      const text = emlSearchText(raw);
      doomed = needles.some((w) => text.includes(w));
    }
    if (doomed) {
      await rm(file, { force: true });
      deleted += 1;
    }
  }
  return deleted;
}
