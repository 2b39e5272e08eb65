// The front ends' import boundaries (used by eslint.config.mjs; proven by src/front-end-lint.spec.ts,
// which lints planted violations). bulletproof-react's layout, read from the folders of site/src
// and admin/src: the app composes features and shared code; a feature imports shared code and
// itself, never another feature nor the app; shared code imports only shared code. No import
// closes a cycle (import-x/no-cycle), and shared/ is imported as @shared, never by a relative path.
// scripts/import-graph.mjs folds the front ends' import graphs to the same zones and prints their figures.
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS file, so the jest suites can load it too */
const { existsSync, readdirSync } = require('node:fs');
const { join, resolve } = require('node:path');
const importX = require('eslint-plugin-import-x');

const ROOT = resolve(__dirname, '..');

/**
 * Each front end's layers, as paths under its src/ folder. Every folder that is neither app nor
 * shared is a feature (in the site, every folder under features/, and account/); a new folder is
 * therefore a feature until it is listed here.
 */
const FRONT_ENDS = {
  site: {
    app: ['app', 'entry-client.tsx', 'entry-server.tsx'],
    shared: ['components', 'config', 'lib', 'session', 'styles'],
    featureRoots: ['features'],
    features: ['account'],
  },
  admin: {
    // The dashboard is the home page: it composes the leads' figures and the desk's tasks.
    app: ['App.tsx', 'main.tsx', 'layout', 'dashboard'],
    // auth is the staff session (provider, tokens, role) with its sign-in pages; lib holds the data provider.
    shared: ['common', 'i18n', 'auth', 'lib'],
    featureRoots: [],
    features: [],
  },
};

const folders = (dir) =>
  existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => e.name)
    : [];

/** The feature folders of a front end, as paths under its src/ folder. */
function featuresOf(name) {
  const layout = FRONT_ENDS[name];
  const src = join(ROOT, name, 'src');
  const listed = new Set([...layout.app, ...layout.shared, ...layout.featureRoots, ...layout.features]);
  return [
    ...layout.features,
    ...layout.featureRoots.flatMap((root) => folders(join(src, root)).map((f) => `${root}/${f}`)),
    ...folders(src).filter((f) => !listed.has(f)),
  ].sort();
}

const FEATURE_MESSAGE =
  'A feature does not import another feature: move the piece both need to shared code, or let the app compose them.';
const APP_MESSAGE = 'Only the app composes: a feature or shared code does not import from the app.';
const SHARED_MESSAGE = 'Shared code never imports a feature.';

/** import-x/no-restricted-paths zones of one front end (paths relative to the repository root). */
function zonesOf(name) {
  const at = (p) => `./${name}/src/${p}`;
  const layout = FRONT_ENDS[name];
  const features = featuresOf(name);
  const app = layout.app.map(at);
  const shared = layout.shared.map(at);
  return [
    // A feature imports no other feature (features/x's own folder is its exception).
    ...features.map((feature) => ({
      target: at(feature),
      from: features.filter((other) => other !== feature && !other.startsWith(`${feature}/`)).map(at),
      message: FEATURE_MESSAGE,
    })),
    { target: [...features.map(at), ...shared], from: app, message: APP_MESSAGE },
    { target: shared, from: features.map(at), message: SHARED_MESSAGE },
  ].filter((zone) => [zone.from].flat().length > 0);
}

/** Relative paths into shared/ or web/session: the front ends spell them @shared/… and @session/…. */
const ALIASED_PATHS = {
  patterns: [
    {
      regex: '^(\\.{1,2}/)+shared(/|$)',
      message: 'Import shared/ as @shared/…, not by a relative path.',
    },
    {
      regex: '^(\\.{1,2}/)+web/session(/|$)',
      message: 'Import web/session as @session/…, not by a relative path.',
    },
  ],
};

function frontEndConfigs() {
  return Object.keys(FRONT_ENDS).map((name) => ({
    files: [`${name}/src/**/*.{ts,tsx}`],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: zonesOf(name) }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'no-restricted-imports': ['error', ALIASED_PATHS],
    },
  }));
}

module.exports = { frontEndConfigs, featuresOf, zonesOf, FRONT_ENDS };
