import type { TokenPair } from '@shared/api/account';

/**
 * The last renewal, handed from the tab that made it to the next tab to hold the refresh lock.
 *
 * localStorage alone cannot do it: each tab's process keeps its own copy of the origin's storage and
 * hears of another tab's writes a little later, with nothing ordering that news against the lock. A
 * tab can be granted the lock a few milliseconds after another released it and still read the pair
 * that was just spent, and spend it again (measured in Chromium: 6 ms after the release, one
 * back-office tab in four sent the site tab's spent token). IndexedDB is one store for every tab,
 * with transactions: the renewal is committed before the lock is released, so the next holder reads
 * it. Only the last renewal is kept: the refresh token it spent and the pair that replaced it.
 *
 * Best effort: where IndexedDB is missing or refuses (a private window, storage turned off), nothing
 * is handed over and the server's short replay grace covers the rare stale read.
 */
const DB_NAME = 'authTokens';
const STORE = 'handoff';
const KEY = 'last';

interface Renewal {
  spent: string;
  access: string;
  refresh: string;
}

let opening: Promise<IDBDatabase | null> | null = null;

function open(): Promise<IDBDatabase | null> {
  opening ??= new Promise<IDBDatabase | null>((resolve) => {
    try {
      if (typeof indexedDB === 'undefined') return resolve(null);
      const req = indexedDB.open(DB_NAME, 1);
      req.onupgradeneeded = () => req.result.createObjectStore(STORE);
      req.onsuccess = () => {
        const db = req.result;
        // Another tab deleting or upgrading the database: let go, and open again next time; the same
        // when the browser closes the connection itself (storage cleared, a disk error).
        db.onversionchange = () => {
          db.close();
          opening = null;
        };
        db.onclose = () => {
          opening = null;
        };
        resolve(db);
      };
      req.onerror = () => resolve(null);
      req.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  }).then((db) => {
    if (!db) opening = null; // try again on the next refresh
    return db;
  });
  return opening;
}

/** Runs one request in its own transaction, resolving once that transaction has committed. */
async function run<T>(mode: IDBTransactionMode, ask: (store: IDBObjectStore) => IDBRequest<T>): Promise<T | null> {
  const db = await open();
  if (!db) return null;
  return new Promise<T | null>((resolve) => {
    try {
      const tx = db.transaction(STORE, mode);
      const req = ask(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(req.result);
      tx.onerror = () => resolve(null);
      tx.onabort = () => resolve(null);
    } catch {
      resolve(null); // the database was closed meanwhile
    }
  });
}

/** Records that `spent` was exchanged for `pair`; resolves once every tab can read it. */
export async function recordRenewal(spent: string, pair: TokenPair): Promise<void> {
  const renewal: Renewal = { spent, access: pair.access, refresh: pair.refresh };
  await run('readwrite', (store) => store.put(renewal, KEY));
}

/** The pair that replaced `refresh`, when the last renewal spent it; null otherwise. */
export async function renewalOf(refresh: string): Promise<TokenPair | null> {
  const last = await run<Renewal | undefined>('readonly', (store) => store.get(KEY) as IDBRequest<Renewal | undefined>);
  return last && last.spent === refresh ? { access: last.access, refresh: last.refresh } : null;
}

/** Forgets the last renewal (signing out). */
export async function forgetRenewal(): Promise<void> {
  await run('readwrite', (store) => store.delete(KEY));
}
