import { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Header values by lower-cased name (the last one of a repeated header). */
  headers?: Record<string, string>;
}

export interface TestSmtp {
  url: string;
  mails: ReceivedMail[];
  /** While true every message is refused with a temporary error (a mail server having trouble). */
  failing: boolean;
  /** Messages refused so far. */
  readonly refused: number;
  /** Waits for a mail to `to` (lower-cased compare) matching an optional predicate. */
  waitFor(to: string, predicate?: (m: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  clear(): void;
  close(): Promise<void>;
}

/** A real SMTP server on a random loopback port; every message is parsed and kept in memory. */
export async function startSmtp(): Promise<TestSmtp> {
  const mails: ReceivedMail[] = [];
  const state = { failing: false, refused: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => void receive());
      const receive = async () => {
        if (state.failing) {
          state.refused += 1;
          const err = new Error('Service temporarily unavailable') as Error & { responseCode: number };
          err.responseCode = 451;
          return callback(err);
        }
        try {
          const parsed = await PostalMime.parse(Buffer.concat(chunks));
          mails.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: parsed.html ?? '',
            headers: Object.fromEntries(parsed.headers.map((h) => [h.key.toLowerCase(), h.value])),
          });
          callback();
        } catch (e) {
          callback(e as Error);
        }
      };
    },
  });
  // A client that dies mid-message (a killed app instance) resets its connection: not a test failure.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    get failing() {
      return state.failing;
    },
    set failing(value: boolean) {
      state.failing = value;
    },
    get refused() {
      return state.refused;
    },
    async waitFor(to, predicate = () => true, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      const target = to.toLowerCase();
      for (;;) {
        const found = [...mails].reverse().find((m) => m.to.includes(target) && predicate(m));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms (got ${mails.length})`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    clear: () => mails.splice(0, mails.length),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
