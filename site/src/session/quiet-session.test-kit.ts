import { vi } from 'vitest';

type FetchImpl = (url: string, init?: RequestInit) => Promise<Response>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The key of the cross-tab refresh lock jsdom gets (it has no Web Locks): see web/session/lock.ts. */
const STORAGE_LOCK_KEY = 'authTokens-lock';

/**
 * A fetch stub that counts the calls still answering, and a wait until the session has gone quiet:
 * no call in flight and no refresh holding the lock, for a few timer turns running. A test waits for
 * it before it looks and before it ends, so a refresh started on load never outlives its test (it
 * would then touch a torn-down window).
 */
export function quietFetch(impl: FetchImpl) {
  let inFlight = 0;
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    inFlight += 1;
    try {
      return await impl(url, init);
    } finally {
      inFlight -= 1;
    }
  });
  async function settled(timeoutMs = 5_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    let quietTurns = 0;
    while (quietTurns < 3) {
      if (Date.now() > deadline) throw new Error('the session did not go quiet');
      await sleep(10);
      quietTurns = inFlight === 0 && localStorage.getItem(STORAGE_LOCK_KEY) === null ? quietTurns + 1 : 0;
    }
  }
  return { fetchMock, settled };
}
