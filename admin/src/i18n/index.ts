import polyglotI18nProvider from 'ra-i18n-polyglot';
import { localStorageStore, type I18nProvider, type Store, type TranslationMessages } from 'react-admin';
import { en } from './en';
import { es } from './es';
import { knownMessage } from './knownMessages';

export type AppLocale = 'es' | 'en';

export const LOCALES: Array<{ locale: AppLocale; name: string }> = [
  { locale: 'es', name: 'Español' },
  { locale: 'en', name: 'English' },
];

export const CATALOGUES: Record<AppLocale, TranslationMessages> = { es, en };

/** Spanish for a browser set to any Spanish (es, es-MX, es-ES...), English otherwise. */
export function browserLocale(language: string | undefined = globalThis.navigator?.language): AppLocale {
  return language?.toLowerCase().split('-')[0] === 'es' ? 'es' : 'en';
}

/**
 * react-admin's store in localStorage, except that signing out (which resets the store) keeps the
 * language the person chose: the choice belongs to the browser, not to the session.
 */
function makeStore(): Store {
  const base = localStorageStore();
  return {
    ...base,
    reset() {
      const locale = base.getItem('locale');
      base.reset();
      if (locale) base.setItem('locale', locale);
    },
  };
}

export const store = makeStore();

function initialLocale(): AppLocale {
  const chosen = store.getItem<string>('locale');
  return chosen === 'es' || chosen === 'en' ? chosen : browserLocale();
}

/** Builds the provider: catalogue lookups, and the back-office's own text for messages it knows. */
export function makeI18nProvider(locale: AppLocale = initialLocale()): I18nProvider {
  const base = polyglotI18nProvider((l) => CATALOGUES[l as AppLocale] ?? en, locale, LOCALES, { allowMissing: true });
  return {
    ...base,
    translate: (key, options) =>
      (typeof key === 'string' ? knownMessage(key, base.translate) : undefined) ?? base.translate(key, options),
  };
}

export const i18nProvider = makeI18nProvider();
