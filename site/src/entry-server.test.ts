import { describe, expect, it } from 'vitest';
import { leadingImagePreloads } from './entry-server';

describe('leadingImagePreloads', () => {
  const hero =
    '<link rel="preload" as="image" imageSrcSet="/uploads/a-400w.webp 400w, /uploads/a.webp 1600w" imageSizes="100vw" fetchPriority="high"/>';

  it("copies the image preloads React put before the page's markup", () => {
    expect(leadingImagePreloads(`${hero}<div class="shell">…</div>`)).toBe(hero);
  });

  it('copies both preloads of an art-directed hero (portrait crop with href, full picture with srcset)', () => {
    const portrait =
      '<link rel="preload" href="/uploads/a-portrait.webp" as="image" fetchPriority="high" media="(max-width: 480px) and (orientation: portrait)"/>';
    const preloads = `${portrait}${hero}`;
    expect(leadingImagePreloads(`${preloads}<div class="shell">…</div>`)).toBe(preloads);
  });

  it('takes nothing from inside the markup, and nothing when there is none', () => {
    expect(leadingImagePreloads(`<div>${hero}</div>`)).toBe('');
    expect(leadingImagePreloads('<div class="shell"></div>')).toBe('');
  });
});
