import { destinationSlug } from '@shared/api/catalogue';

export const PATHS = {
  home: '/',
  deals: '/deals',
  destinations: '/destinations',
  contact: '/contact',
  contacto: '/contacto',
  faq: '/faqs-page',
  terms: '/terms',
  privacy: '/privacy-policy',
  login: '/login',
  signUp: '/sign-up',
  account: '/user-account',
} as const;

export function destinationPath(d: { id: number; name: string }): string {
  return `/destinations/${d.id}/${encodeURIComponent(destinationSlug(d.name))}`;
}
