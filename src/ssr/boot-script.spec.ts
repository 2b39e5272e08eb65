import { createHash } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import { BOOT_SCRIPT, BOOT_SCRIPT_CSP_SOURCE, deferEntryScript } from './boot-script';

const BUILT = `<!doctype html>
<html lang="es">
  <head>
    <!--app-head-->
    <script type="module" crossorigin src="/static/js/index-Bj_w-1.js"></script>
    <link rel="modulepreload" crossorigin href="/static/js/react-Bb.js">
    <link rel="modulepreload" crossorigin href="/static/js/icons-BG.js">
    <link rel="stylesheet" crossorigin href="/static/css/index-B8.css">
  </head>
  <body>
    <div id="root"><!--app-html--></div>
    <!--app-data-->
  </body>
</html>`;

describe('deferEntryScript', () => {
  it('moves the entry script and its module preloads into the start-up script at the end of <body>', () => {
    const page = deferEntryScript(BUILT);
    expect(page).not.toContain('<script type="module"');
    expect(page).not.toContain('<link rel="modulepreload"');
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/static/css/index-B8.css">');
    expect(page).toContain(
      '<script data-entry="/static/js/index-Bj_w-1.js" data-preload="/static/js/react-Bb.js /static/js/icons-BG.js">' +
        `${BOOT_SCRIPT}</script>\n  </body>`,
    );
  });

  it('leaves a template without the build entry alone (the Vite dev page, a test page)', () => {
    const dev =
      '<html><body><div id="root"></div><script type="module" src="/src/entry-client.tsx"></script></body></html>';
    expect(deferEntryScript(dev)).toBe(dev);
  });

  it('is allowed by its hash, which is the hash of the exact text put in the page', () => {
    const hash = createHash('sha256').update(BOOT_SCRIPT).digest('base64');
    expect(BOOT_SCRIPT_CSP_SOURCE).toBe(`'sha256-${hash}'`);
    const inPage = /<script data-entry[^>]*>([\s\S]*?)<\/script>/.exec(deferEntryScript(BUILT))![1];
    expect(createHash('sha256').update(inPage).digest('base64')).toBe(hash);
  });
});

/** Runs the start-up script against a minimal document and returns what it appended to <head>. */
function runBoot(opts: { hidden?: boolean; imagePreload?: boolean; entryTypes?: string[] }) {
  const appended: Array<Record<string, unknown>> = [];
  const observers: Array<{ cb: (list: unknown, o: unknown) => void; type?: string; disconnected: boolean }> = [];
  const timers: Array<() => void> = [];
  class FakeObserver {
    static supportedEntryTypes = opts.entryTypes ?? ['paint', 'largest-contentful-paint', 'resource'];
    private readonly record: (typeof observers)[number];
    constructor(cb: (list: unknown, o: unknown) => void) {
      this.record = { cb, disconnected: false };
      observers.push(this.record);
    }
    observe(o: { type: string }) {
      this.record.type = o.type;
    }
    disconnect() {
      this.record.disconnected = true;
    }
  }
  const document = {
    hidden: !!opts.hidden,
    currentScript: { dataset: { entry: '/static/js/index-1.js', preload: '/static/js/a.js /static/js/b.js' } },
    querySelector: (sel: string) => (sel === 'link[rel=preload][as=image]' && opts.imagePreload ? {} : null),
    createElement: (tag: string) => ({ tag }),
    head: { appendChild: (el: Record<string, unknown>) => appended.push(el) },
  };
  const window = { PerformanceObserver: FakeObserver };
  runInNewContext(BOOT_SCRIPT, { document, window, setTimeout: (fn: () => void) => timers.push(fn) });
  const deliver = (entries: unknown[]) => {
    for (const o of observers) o.cb({ getEntries: () => entries }, { disconnect: () => (o.disconnected = true) });
  };
  return { appended, observers, timers, deliver };
}

describe('the start-up script', () => {
  const script = { tag: 'script', type: 'module', crossOrigin: '', src: '/static/js/index-1.js' };

  it('waits for the painted main picture on a page that preloads one, then loads the entry once', () => {
    const boot = runBoot({ imagePreload: true });
    expect(boot.observers.map((o) => o.type)).toEqual(['largest-contentful-paint']);
    expect(boot.appended).toEqual([]);
    boot.deliver([{ element: { tagName: 'H1' } }]);
    expect(boot.appended).toEqual([]);
    boot.deliver([{ element: { tagName: 'IMG' } }]);
    expect(boot.appended).toEqual([
      { tag: 'link', rel: 'modulepreload', crossOrigin: '', href: '/static/js/a.js' },
      { tag: 'link', rel: 'modulepreload', crossOrigin: '', href: '/static/js/b.js' },
      script,
    ]);
    boot.timers.forEach((t) => t());
    boot.deliver([{ element: { tagName: 'IMG' } }]);
    expect(boot.appended).toHaveLength(3);
  });

  it('waits for the first contentful paint on a page without a preloaded picture', () => {
    const boot = runBoot({});
    expect(boot.observers.map((o) => o.type)).toEqual(['paint']);
    boot.deliver([{ name: 'first-paint' }]);
    expect(boot.appended).toEqual([]);
    boot.deliver([{ name: 'first-contentful-paint' }]);
    expect(boot.appended).toContainEqual(script);
  });

  it('loads at the deadline when no paint is reported', () => {
    const boot = runBoot({ imagePreload: true });
    expect(boot.timers).toHaveLength(1);
    boot.timers[0]();
    expect(boot.appended).toContainEqual(script);
  });

  it('loads at once in a hidden tab or a browser without paint timing', () => {
    expect(runBoot({ hidden: true }).appended).toContainEqual(script);
    expect(runBoot({ entryTypes: ['resource'] }).appended).toContainEqual(script);
  });
});
