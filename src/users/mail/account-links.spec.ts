import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { AppConfig } from '../../config/app-config';
import { OutboxService } from '../../mail/outbox.service';
import { OutboxWorker } from '../../mail/outbox-worker.service';
import { UserTokensService } from '../user-tokens.service';
import { UsersRepository } from '../users.repository';
import { AccountMailerService } from './account-mailer.service';

const ROOT = join(__dirname, '..', '..', '..');
/** The one place that spells the site's paths and the e-mailed links. */
const PATHS_MODULE = 'shared/paths.ts';

function mailer(publicUrl: string): AccountMailerService {
  const worker = { renderWhenSending: () => undefined } as unknown as OutboxWorker;
  return new AccountMailerService(
    { publicUrl } as AppConfig,
    {} as OutboxService,
    {} as UsersRepository,
    {} as UserTokensService,
    worker,
  );
}

/** Source files of the server, the site and the back-office, tests left out. */
function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.(spec|test)\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/**
 * What a hand-made link or route looks like in code: one of the e-mailed pages' paths at the start
 * of a string or right after an interpolation (`${publicUrl}/email-verification/${uid}`), or one
 * of their route patterns. The API's own routes (`@Post('sign-in-link/:uidb64/:token')` under
 * /api/users) and prose such as '{PUBLIC_URL}/sign-in-link/{uidb64}' are not links.
 */
const HAND_MADE = [
  /(?<=['"`]|\$\{[^{}]*\})\/(email-verification|sign-in-link|confirm-earlier-requests)(?=['"`/])/,
  /(?<=['"`])\/?(email-verification|confirm-earlier-requests|api\/users\/reset)\/:/,
  /(?<=['"`]|\$\{[^{}]*\})(\/admin)?(\/api)?\/users\/reset\//,
];

/** Code without its comments (a naive cut, enough for paths: `//` inside a URL only hides the rest of a line). */
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');

describe('e-mailed links', () => {
  it('are built from the shared paths in the formats of the run contract', () => {
    const links = mailer('https://viajes.example');
    // uidb64 of user 12 is "MTI".
    expect(links.verificationLink({ id: 12 }, 'tok_en-1')).toBe(
      'https://viajes.example/email-verification/MTI/tok_en-1',
    );
    expect(links.resetLink({ id: 12, is_superuser: false }, 'tok')).toBe(
      'https://viajes.example/api/users/reset/MTI/tok',
    );
    expect(links.resetLink({ id: 12, is_superuser: true }, 'tok')).toBe(
      'https://viajes.example/admin/api/users/reset/MTI/tok',
    );
  });

  it('and the pages they open are spelled only in shared/paths.ts', () => {
    const offenders = ['src', 'site/src', 'admin/src']
      .flatMap(sourceFiles)
      .filter((file) => file !== PATHS_MODULE)
      .flatMap((file) =>
        withoutComments(readFileSync(join(ROOT, file), 'utf8'))
          .split('\n')
          .filter((line) => HAND_MADE.some((pattern) => pattern.test(line)))
          .map((line) => `${relative(ROOT, join(ROOT, file))}: ${line.trim()}`),
      );
    expect(offenders).toEqual([]);
  });

  it('would be caught if built by hand', () => {
    const caught = (line: string) => HAND_MADE.some((pattern) => pattern.test(line));
    expect(caught('return `${this.config.publicUrl}/email-verification/${uid}/${token}`;')).toBe(true);
    expect(caught("this.link('/sign-in-link', user, token)")).toBe(true);
    expect(caught('const url = `${shell}/api/users/reset/${uid}/${token}`;')).toBe(true);
    expect(caught("request.url.startsWith('/api/users/reset/')")).toBe(true);
    expect(caught("{ path: 'confirm-earlier-requests/:uidb64/:token' }")).toBe(true);
    expect(caught('<Route path="/api/users/reset/:uidb64/:token" />')).toBe(true);
    expect(caught("@Post('sign-in-link/:uidb64/:token')")).toBe(false);
    expect(caught("'The site page {PUBLIC_URL}/sign-in-link/{uidb64}/{token} calls this.'")).toBe(false);
    expect(caught("requestJson('/destination-lead/send-email-verification/')")).toBe(false);
  });
});
