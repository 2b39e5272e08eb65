import { ADMIN_LEAD_MESSAGES } from '@shared/rules/admin-lead';
import { describe, expect, it } from 'vitest';
import { PACK_MESSAGES } from '@shared/rules/pack';
import { ADMIN_USER_MESSAGES } from '@shared/rules/admin-user';
import { ACCOUNT_MESSAGES, ADMIN_LOGIN_MESSAGES } from '@shared/rules/account-messages';
import { SESSION_EXPIRED } from './authMessages';
import { catalogueKeys, compareCatalogues, findLiterals, referencedKeys } from './check';
import { en } from './en';
import { es } from './es';
import { browserLocale, makeI18nProvider } from '.';
import { formatters, intlLocale } from './format';

/** Every source file of the back-office, as text, by its path under admin/src. */
const ALL_SOURCES = import.meta.glob<string>(['../**/*.ts', '../**/*.tsx'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/**
 * Every component is scanned, the sign-in, sign-up and password pages (auth/) included: the spec's
 * English texts of those pages are the English catalogue's, and the Spanish one has its own.
 */
const NOT_SCANNED = [/^i18n\//, /\.test\.tsx?$/];

function sources(): Array<{ file: string; text: string }> {
  return Object.entries(ALL_SOURCES)
    .map(([path, text]) => ({ file: path.replace(/^\.\.\//, '').replace(/^\.\//, 'i18n/'), text }))
    .filter(({ file }) => !NOT_SCANNED.some((re) => re.test(file)));
}

describe('message catalogues', () => {
  it('Spanish and English have exactly the same keys', () => {
    expect(compareCatalogues(es, en)).toEqual({ onlyInFirst: [], onlyInSecond: [] });
    expect(catalogueKeys(es).length).toBeGreaterThan(400);
  });

  it('a key missing from one catalogue is reported', () => {
    const planted = structuredClone(es) as typeof es;
    delete (planted.app.dashboard as Record<string, string>).welcome;
    (planted.app.leads as Record<string, string>).extra = 'Sobra';
    expect(compareCatalogues(planted, en)).toEqual({
      onlyInFirst: ['app.leads.extra'],
      onlyInSecond: ['app.dashboard.welcome'],
    });
  });

  it('every Spanish text is filled in', () => {
    const empty = catalogueKeys(es).filter((key) => {
      const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], es);
      return typeof value !== 'string' || (value.trim() === '' && key !== 'ra.boolean.null');
    });
    expect(empty).toEqual([]);
  });
});

describe('components', () => {
  const files = sources();

  it('are scanned (the list of files is not empty)', () => {
    expect(files.map((f) => f.file)).toEqual(
      expect.arrayContaining(['leads/LeadList.tsx', 'dashboard/Dashboard.tsx', 'auth/LoginPage.tsx']),
    );
  });

  it('render no literal text: every label, caption and message comes from the catalogues', () => {
    expect(files.flatMap(({ file, text }) => findLiterals(text, file))).toEqual([]);
  });

  it('name only keys that both catalogues have', () => {
    const inSpanish = new Set(catalogueKeys(es));
    const keys = new Set(catalogueKeys(en).filter((key) => inSpanish.has(key)));
    const missing = files.flatMap(({ file, text }) =>
      referencedKeys(text)
        .filter((key) => !keys.has(key))
        .map((key) => `${file}: ${key}`),
    );
    expect(missing).toEqual([]);
  });

  it('a planted literal label, JSX text or notification is reported', () => {
    const planted = [
      'export const A = () => <TextField source="created_at" label="Created" />;',
      'export const B = () => <Typography variant="h5">Welcome back</Typography>;',
      "export function C() { notify('Lead saved', { type: 'info' }); }",
      'export const D = ({ ok }) => <Button title={ok ? "app.common.save" : "Saving..."} />;',
    ].join('\n');
    expect(findLiterals(planted).map((f) => [f.line, f.text])).toEqual([
      [1, 'Created'],
      [2, 'Welcome back'],
      [3, 'Lead saved'],
      [4, 'Saving...'],
    ]);
  });

  it('keys, non-words and allowed names pass', () => {
    const fine = [
      'export const A = () => <TextField source="x" label="resources.leads.fields.x" emptyText="-" />;',
      "export const B = () => <span>#{id} · {translate('app.common.add')}</span>;",
      'export const C = () => <Logo aria-label="Travel Deals" />;',
    ].join('\n');
    expect(findLiterals(fine, 'fine.tsx', new Set(['Travel Deals']))).toEqual([]);
    expect(referencedKeys("translate('app.nope.missing')")).toEqual(['app.nope.missing']);
  });
});

describe('language and formats', () => {
  it('follows the browser: any Spanish gives Spanish, anything else English', () => {
    expect(['es', 'es-MX', 'es-ES', 'ES-419'].map((l) => browserLocale(l))).toEqual(['es', 'es', 'es', 'es']);
    expect(['en-US', 'fr-FR', 'pt-BR', undefined].map((l) => browserLocale(l))).toEqual(['en', 'en', 'en', 'en']);
  });

  it("writes dates, times and prices the locale's way, naming the time zone", () => {
    const esFormat = formatters(intlLocale('es', 'es-ES'));
    expect(esFormat.date('2026-11-26')).toBe('26 nov 2026');
    expect(esFormat.usd(1299)).toMatch(/^1\.?299,00\s?US\$$/);
    const enFormat = formatters(intlLocale('en', 'en-US'));
    expect(enFormat.date('2026-11-26')).toBe('Nov 26, 2026');
    expect(enFormat.usd(1299)).toBe('$1,299.00');
    expect(formatters('es-MX').usd(1299)).toMatch(/1,299\.00/);
    const instant = '2026-11-26T14:05:00Z';
    expect(esFormat.dateTime(instant)).toMatch(/2026.*\d{2}:\d{2}.*\S/);
    const zone = new Intl.DateTimeFormat('es-ES', { timeZoneName: 'short' })
      .formatToParts(new Date(instant))
      .find((p) => p.type === 'timeZoneName')!.value;
    expect(esFormat.dateTime(instant).endsWith(zone)).toBe(true);
    // A browser in another region of the language keeps its own way of writing.
    expect(intlLocale('es', 'es-MX')).toBe('es-MX');
    expect(intlLocale('es', 'en-US')).toBe('es-ES');
  });
});

describe('messages the back-office knows', () => {
  const esProvider = makeI18nProvider('es');
  const enProvider = makeI18nProvider('en');

  it('are shown in Spanish: the rules’ and the server’s own texts', () => {
    expect(esProvider.translate(PACK_MESSAGES.priceRequired)).toBe('El precio es obligatorio');
    expect(esProvider.translate(ADMIN_USER_MESSAGES.passwordMismatch)).toBe('Las contraseñas no coinciden.');
    expect(esProvider.translate('Name is required')).toBe('Nombre: campo obligatorio');
    expect(esProvider.translate('Hotel image 2 must be less than 2MB.')).toBe(
      'Imagen del hotel 2 debe pesar menos de 2 MB.',
    );
    expect(
      esProvider.translate(
        'Gallery image 1 has invalid format. Allowed formats: JPG, PNG, WEBP. Image size must not exceed 2MB.',
      ),
    ).toBe(
      'Imagen de galería 1: formato no válido. Formatos permitidos: JPG, PNG, WEBP. Cada imagen debe pesar como máximo 2 MB.',
    );
    expect(esProvider.translate('A lead cannot move from Booked to New')).toBe(
      'Una solicitud no puede pasar de Reservada a Nueva',
    );
  });

  it('include the sign-in pages’ rules and the server’s sign-in answers, in Spanish', () => {
    expect(esProvider.translate(ACCOUNT_MESSAGES.adminLoginWrong)).toBe('Correo electrónico o contraseña incorrectos.');
    expect(esProvider.translate(ADMIN_LOGIN_MESSAGES.required)).toBe('Complete todos los campos obligatorios.');
    expect(esProvider.translate(SESSION_EXPIRED)).toBe('Su sesión ha caducado. Vuelva a iniciar sesión.');
    expect(enProvider.translate(ACCOUNT_MESSAGES.adminLoginWrong)).toBe(ACCOUNT_MESSAGES.adminLoginWrong);
    expect(enProvider.translate(ADMIN_LOGIN_MESSAGES.required)).toBe('Please fill out all required fields.');
    expect(enProvider.translate('app.auth.login.title')).toBe('Admin sign in');
  });

  it('include the desk’s refusals, the merge’s two-part answer too', () => {
    const M = ADMIN_LEAD_MESSAGES;
    expect(esProvider.translate(M.taskOfAnother)).toMatch(/^Esta tarea es de otro miembro/);
    expect(esProvider.translate(M.typedAddressTemplateOnly)).toMatch(/^Esta dirección se escribió/);
    expect(esProvider.translate(`${M.otherPersonName} ${M.linkInstead}`)).toBe(
      'Estas solicitudes son de personas distintas: el correo es otro, y el apellido también. Un administrador puede relacionarlas en su lugar.',
    );
    expect(enProvider.translate(M.contactAdminOnly)).toBe(M.contactAdminOnly);
  });

  it('stay as the spec writes them in English', () => {
    expect(enProvider.translate(PACK_MESSAGES.priceRequired)).toBe(PACK_MESSAGES.priceRequired);
    expect(enProvider.translate('Name is required')).toBe('Name is required');
  });

  it('any other server text is shown as it came', () => {
    const text = 'Something the back-office has never seen';
    expect(esProvider.translate(text, { _: text })).toBe(text);
    expect(esProvider.translate('Nonsense is required')).toBe('Nonsense is required');
  });
});
