import type { MailService } from './mail.service';
import { setWritesWaitingProbe } from '../database/writes-waiting';
import { OUTBOX_YIELD_MS, OutboxWorker } from './outbox-worker.service';
import type { OutboxRepository, RawOutboxRow } from './outbox.repository';

/** One due mail of the outbox, as the claim returns it. */
const dueRow = (id: number): RawOutboxRow =>
  ({
    id,
    kind: 'lead_code',
    ref_id: null,
    label: `mail ${id}`,
    to_address: `visitor${id}@example.com`,
    subject: 'Código',
    body_text: 'text',
    body_html: '<p>html</p>',
    reply_to: null,
    attempts: 0,
    next_attempt_at: new Date(),
    discard_after: new Date(Date.now() + 3_600_000),
    created_at: new Date(),
  }) as unknown as RawOutboxRow;

describe('the outbox gives way to visitors', () => {
  let due: RawOutboxRow[];
  let claims: number[];
  let sent: string[];
  let worker: OutboxWorker;
  let waiting: boolean;

  beforeEach(() => {
    jest.useFakeTimers();
    due = [dueRow(1), dueRow(2)];
    claims = [];
    sent = [];
    waiting = false;
    setWritesWaitingProbe(() => waiting);
    const rows = {
      claimDue: jest.fn(async () => {
        claims.push(performance.now());
        return due.splice(0);
      }),
      markSentMany: jest.fn(async () => undefined),
    } as unknown as OutboxRepository;
    const mail = { send: jest.fn(async (m: { to: string }) => void sent.push(m.to)) } as unknown as MailService;
    worker = new OutboxWorker(rows, mail);
  });

  afterEach(async () => {
    waiting = false;
    await jest.runOnlyPendingTimersAsync();
    await worker.onModuleDestroy();
    setWritesWaitingProbe(() => false);
    jest.useRealTimers();
  });

  it('claims nothing while form POSTs wait to start, and sends as soon as none does', async () => {
    waiting = true;
    worker.kick();
    await jest.advanceTimersByTimeAsync(OUTBOX_YIELD_MS / 2);
    expect(claims).toEqual([]);
    expect(sent).toEqual([]);

    waiting = false;
    await jest.advanceTimersByTimeAsync(50);
    expect(claims.length).toBeGreaterThan(0);
    expect(sent).toEqual(['visitor1@example.com', 'visitor2@example.com']);
  });

  it('waits OUTBOX_YIELD_MS at most in one busy spell, then sends alongside the visitors', async () => {
    waiting = true;
    const start = performance.now();
    worker.kick();
    await jest.advanceTimersByTimeAsync(OUTBOX_YIELD_MS - 20);
    expect(claims).toEqual([]);
    await jest.advanceTimersByTimeAsync(50);
    expect(claims).toHaveLength(1);
    expect(claims[0] - start).toBeGreaterThanOrEqual(OUTBOX_YIELD_MS);
    expect(sent).toHaveLength(2);

    // The same spell goes on: a mail queued now is not put off again.
    due.push(dueRow(3));
    const kicked = performance.now();
    worker.kick();
    await jest.advanceTimersByTimeAsync(20);
    expect(claims).toHaveLength(2);
    expect(claims[1] - kicked).toBeLessThan(20);
    expect(sent).toContain('visitor3@example.com');
  });
});
