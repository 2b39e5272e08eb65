import { createHash } from 'node:crypto';

/**
 * The site's start-up script: the page's code is requested once its first screen has been painted.
 *
 * A server-rendered page is readable before any JavaScript runs, so its code need not compete with
 * the page's main picture for a phone's bandwidth: the entry module (React, React DOM, the router:
 * ~100 KB compressed) is requested when the browser reports the largest paint of an image (a page
 * that preloads one) or its first contentful paint (a page without), then hydrates the markup as
 * before. A hidden tab (nothing to paint), a browser without paint timing, and a picture that takes
 * longer than START_DEADLINE_MS load the code at once.
 *
 * The script text is fixed so that its hash can be allowed in the Content-Security-Policy
 * (`script-src 'self' 'sha256-…'`, no 'unsafe-inline'); the build's file names travel in its
 * `data-entry` and `data-preload` attributes.
 */
export const START_DEADLINE_MS = 2000;

export const BOOT_SCRIPT =
  '(function(){var d=document.currentScript.dataset,started=false;' +
  'function start(){if(started)return;started=true;' +
  "(d.preload?d.preload.split(' '):[]).forEach(function(href){var l=document.createElement('link');" +
  "l.rel='modulepreload';l.crossOrigin='';l.href=href;document.head.appendChild(l)});" +
  "var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=d.entry;document.head.appendChild(s)}" +
  'var PO=window.PerformanceObserver,types=PO&&PO.supportedEntryTypes||[];' +
  "if(document.hidden||types.indexOf('paint')<0||types.indexOf('largest-contentful-paint')<0)return start();" +
  "var image=!!document.querySelector('link[rel=preload][as=image]');" +
  'new PO(function(list,observer){if(list.getEntries().some(function(e){' +
  "return image?e.element&&e.element.tagName==='IMG':e.name==='first-contentful-paint'}))" +
  '{observer.disconnect();start()}})' +
  ".observe({type:image?'largest-contentful-paint':'paint',buffered:true});" +
  `setTimeout(start,${START_DEADLINE_MS})})();`;

/** The CSP source that allows BOOT_SCRIPT and nothing else inline. */
export const BOOT_SCRIPT_CSP_SOURCE = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;

const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/static\/js\/[\w.-]+\.js)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="(\/static\/js\/[\w.-]+\.js)">\s*/g;

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * Moves the built page template's entry script and its module preloads into the start-up script,
 * placed at the end of <body>. A template without the build's entry script is returned unchanged.
 */
export function deferEntryScript(template: string): string {
  const entry = ENTRY_SCRIPT.exec(template)?.[1];
  if (!entry || !template.includes('</body>')) return template;
  const preloads = [...template.matchAll(MODULE_PRELOAD)].map((m) => m[1]);
  const boot =
    `<script data-entry="${attribute(entry)}"` +
    (preloads.length ? ` data-preload="${attribute(preloads.join(' '))}"` : '') +
    `>${BOOT_SCRIPT}</script>\n  `;
  return template
    .replace(ENTRY_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace('</body>', () => `${boot}</body>`);
}
