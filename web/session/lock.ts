/**
 * The one cross-tab lock every refresh runs under, in the site and in the back-office alike:
 * refresh tokens are single-use, so two tabs of the same origin must never spend the same one.
 * Web Locks where the browser has them; otherwise a best-effort lock kept in localStorage.
 */
export const REFRESH_LOCK_NAME = 'authTokens-refresh';
const FALLBACK_KEY = 'authTokens-lock';
const FALLBACK_TTL_MS = 10_000;

export async function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (locks?.request) return locks.request(REFRESH_LOCK_NAME, task);
  return withStorageLock(task);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function withStorageLock<T>(task: () => Promise<T>): Promise<T> {
  const me = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const deadline = Date.now() + FALLBACK_TTL_MS;
  let owned = false;
  while (!owned && Date.now() < deadline) {
    const [, stamp] = (localStorage.getItem(FALLBACK_KEY) ?? '').split('|');
    if (!stamp || Number(stamp) < Date.now()) {
      localStorage.setItem(FALLBACK_KEY, `${me}|${Date.now() + FALLBACK_TTL_MS}`);
      // Another tab may have written at the same moment: whoever's value survives owns the lock.
      await sleep(30);
      owned = localStorage.getItem(FALLBACK_KEY)?.startsWith(`${me}|`) ?? false;
    } else {
      await sleep(50 + Math.random() * 50);
    }
  }
  try {
    return await task();
  } finally {
    if (localStorage.getItem(FALLBACK_KEY)?.startsWith(`${me}|`)) localStorage.removeItem(FALLBACK_KEY);
  }
}
