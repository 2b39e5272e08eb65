// Shared by the reach browser tests: axe-core checks and the public pages to visit.
import AxeBuilder from '@axe-core/playwright';

/** Every impact fails a page (Lighthouse scores accessibility 100 only with none). */
const BLOCKING = new Set(['minor', 'moderate', 'serious', 'critical']);

/**
 * Runs axe-core (WCAG 2.x A and AA rules plus best practices) on the page as it is now, optionally
 * on one part of it (an open dialog), and returns its violations of any impact, readable.
 */
export async function axeViolations(page, { include } = {}) {
  let builder = new AxeBuilder({ page }).withTags([
    'wcag2a',
    'wcag2aa',
    'wcag21a',
    'wcag21aa',
    'wcag22aa',
    'best-practice',
  ]);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => BLOCKING.has(v.impact))
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 5)
          .join(' | ')}`,
    );
}

/** The first destination of the demo catalogue, with its page path. */
export async function firstDestination(baseUrl) {
  const [first] = await (await fetch(`${baseUrl}/api/destinations/`)).json();
  const slug = encodeURIComponent(first.name.trim().toLowerCase().replace(/\s+/g, '-'));
  return { ...first, path: `/destinations/${first.id}/${slug}` };
}

/** Every public page a visitor can land on (account pages included: they are public until signed in). */
export async function publicPages(baseUrl) {
  const destination = await firstDestination(baseUrl);
  return [
    ['home', '/'],
    ['deals', '/deals'],
    ['destinations', '/destinations'],
    ['destination', destination.path],
    ['contact', '/contacto'],
    ['contact (alias)', '/contact'],
    ['faq', '/faqs-page'],
    ['terms', '/terms'],
    ['privacy', '/privacy-policy'],
    ['login', '/login'],
    ['sign-up', '/sign-up'],
    ['forgot password', '/forgot-password'],
    ['not found', '/no-such-page'],
  ];
}
