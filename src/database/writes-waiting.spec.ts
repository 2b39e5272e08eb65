import { GiveWay, JOB_GIVE_WAY_MS, setWritesWaitingProbe } from './writes-waiting';

describe('GiveWay: a background writer waits for visitors, within a bound', () => {
  let waiting: boolean;
  let settled: boolean;
  const track = (p: Promise<void>) => {
    settled = false;
    void p.then(() => (settled = true));
    return p;
  };

  beforeEach(() => {
    jest.useFakeTimers();
    waiting = false;
    setWritesWaitingProbe(() => waiting);
  });
  afterEach(() => {
    setWritesWaitingProbe(() => false);
    jest.useRealTimers();
  });

  it('lets the event loop turn first, even when no write waits (arriving requests are read)', async () => {
    jest.useRealTimers();
    let turned = false;
    setImmediate(() => (turned = true));
    await new GiveWay(1_000).wait();
    expect(turned).toBe(true);
  });

  it('goes on at once when no write waits', async () => {
    const run = track(new GiveWay(1_000).wait());
    await jest.advanceTimersByTimeAsync(0);
    expect(settled).toBe(true);
    await run;
  });

  it('waits while writes wait, and goes on as soon as none does', async () => {
    waiting = true;
    const run = track(new GiveWay(1_000).wait());
    await jest.advanceTimersByTimeAsync(500);
    expect(settled).toBe(false);
    waiting = false;
    await jest.advanceTimersByTimeAsync(20);
    expect(settled).toBe(true);
    await run;
  });

  it('waits the bound at most in one busy spell, then not again until the queue was seen empty', async () => {
    waiting = true;
    const giveWay = new GiveWay(1_000);
    const first = track(giveWay.wait());
    await jest.advanceTimersByTimeAsync(980);
    expect(settled).toBe(false);
    await jest.advanceTimersByTimeAsync(40);
    expect(settled).toBe(true);
    await first;
    // Still the same spell: no second wait.
    const second = track(giveWay.wait());
    await jest.advanceTimersByTimeAsync(0);
    expect(settled).toBe(true);
    await second;
    // The queue emptied, then a new spell: it waits again.
    waiting = false;
    const quiet = track(giveWay.wait());
    await jest.advanceTimersByTimeAsync(0);
    expect(settled).toBe(true);
    await quiet;
    waiting = true;
    const third = track(giveWay.wait());
    await jest.advanceTimersByTimeAsync(500);
    expect(settled).toBe(false);
    waiting = false;
    await jest.advanceTimersByTimeAsync(20);
    await third;
  });

  it('stops waiting when its owner stops', async () => {
    waiting = true;
    let stopped = false;
    const run = track(new GiveWay(JOB_GIVE_WAY_MS).wait(() => stopped));
    await jest.advanceTimersByTimeAsync(100);
    expect(settled).toBe(false);
    stopped = true;
    await jest.advanceTimersByTimeAsync(20);
    expect(settled).toBe(true);
    await run;
  });
});
