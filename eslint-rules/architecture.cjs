// The server's module boundaries as ESLint rules (used by eslint.config.mjs; proven by
// src/architecture-lint.spec.ts, which lints planted violations). A module is a folder directly
// under src/, and the top-level shared/ package is the module `shared`, the lowest layer;
// scripts/import-graph.mjs prints the same graph's figures.
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS file, so the jest suites can load it too */
const { existsSync, readdirSync, readFileSync, statSync } = require('node:fs');
const { dirname, join, relative, resolve, sep, basename } = require('node:path');

const ROOT = resolve(__dirname, '..');
const SRC = join(ROOT, 'src');
const SHARED = join(ROOT, 'shared');

/** Layers, lowest first: a module imports its own layer and the ones below, never one above. */
const LAYERS = [
  ['shared'],
  ['config'],
  ['redis'],
  ['database'],
  ['common', 'jobs', 'audit', 'consent'],
  ['mail', 'media', 'metrics', 'users', 'auth', 'catalogue', 'leads', 'contact', 'weather'],
  ['admin', 'privacy', 'seo', 'ssr', 'static', 'health', 'demo'],
  ['cli', '(root)'],
];
const LAYER = new Map(LAYERS.flatMap((mods, i) => mods.map((m) => [m, i])));
/** Modules anyone may reach into (shared rules, configuration, cross-cutting helpers). */
const OPEN_MODULES = new Set(['shared', 'config', 'common', 'database', 'redis', 'jobs']);
/** A feature's public files: its Nest module, services, repositories, entities and DTOs, plus these. */
const PUBLIC_FILE = /\.(module|service|repository|entity|dto)\.ts$/;
const PUBLIC_EXTRA = new Set([
  'auth/api-docs-access.ts',
  'audit/audit-context.ts',
  'catalogue/cached-json.ts',
  'catalogue/catalogue-fast-path.ts',
  'demo/demo-images.ts',
  'leads/first-request.ts',
  'leads/lead-response.ts',
  'leads/same-person.ts',
  'mail/templates/access-mails.ts',
  'mail/templates/account-mails.ts',
  'mail/templates/contact-mails.ts',
  'mail/templates/desk-mails.ts',
  'mail/templates/lead-mails.ts',
  'mail/templates/reply-mails.ts',
  'media/image-url.ts',
  'media/image-variants.ts',
  'media/multipart-form.ts',
  'metrics/request-metrics.ts',
  'seo/seo-routes.ts',
  'ssr/boot-script.ts',
  'static/page-read-lane.ts',
  'static/static-files.ts',
  'users/admin-accounts.ts',
  'users/passwords.ts',
  'users/sign-in-link.ts',
  'users/user-profile.ts',
]);
/**
 * Module cycles that exist and are still to be broken (each is a debt, not a permission). None is
 * left: the users module no longer reads the leads table (the leads module keeps the account's own
 * leads and follows MailboxProofService to claim the earlier ones).
 */
const KNOWN_CYCLES = new Set([]);

function moduleOf(file) {
  if (file.startsWith(SHARED + sep)) return 'shared';
  const rel = relative(SRC, file);
  if (rel.startsWith('..')) return null;
  const parts = rel.split(sep);
  return parts.length === 1 ? '(root)' : parts[0];
}

function resolveImport(from, spec) {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(from), spec);
  for (const candidate of [base + '.ts', join(base, 'index.ts'), base]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return base + '.ts';
}

let graph = null;
/** Module → modules it imports, read from the files on disk once per process. */
function moduleGraph() {
  if (graph) return graph;
  graph = new Map();
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.ts$/.test(name) && !/\.(spec|d)\.ts$/.test(name)) {
        const from = moduleOf(path);
        const text = readFileSync(path, 'utf8');
        for (const [, spec] of text.matchAll(/(?:from\s+|import\s*\(\s*|^import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm)) {
          const to = moduleOf(resolveImport(path, spec));
          if (!to || to === from) continue;
          if (!graph.has(from)) graph.set(from, new Set());
          graph.get(from).add(to);
        }
      }
    }
  };
  walk(SRC);
  return graph;
}

function reaches(from, target) {
  const g = moduleGraph();
  const seen = new Set([from]);
  const queue = [from];
  while (queue.length) {
    const m = queue.shift();
    if (m === target) return true;
    for (const next of g.get(m) ?? []) {
      if (seen.has(next)) continue;
      seen.add(next);
      queue.push(next);
    }
  }
  return false;
}

/** Calls `check(node, importedFile)` for every relative import of a server file. */
function eachImport(context, check) {
  const file = context.filename;
  const from = moduleOf(file);
  if (from === null || from === 'shared' || /\.(spec|d)\.ts$/.test(file)) return {};
  const visit = (node) => {
    const spec = node.source && node.source.value;
    if (typeof spec !== 'string') return;
    const target = resolveImport(file, spec);
    if (target) check(node, target);
  };
  return {
    ImportDeclaration: visit,
    ExportNamedDeclaration: visit,
    ExportAllDeclaration: visit,
    ImportExpression: visit,
  };
}

const layers = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      up: 'src/{{from}} may not import src/{{to}}: it sits in a higher layer (see eslint-rules/architecture.cjs).',
      database:
        'src/database may not import feature code (src/{{to}}); features contribute entities by the *.entity.ts convention.',
    },
  },
  create(context) {
    const from = moduleOf(context.filename);
    return eachImport(context, (node, target) => {
      const to = moduleOf(target);
      if (!to || to === from) return;
      if (from === 'database' && (LAYER.get(to) ?? 99) > LAYER.get('database'))
        return context.report({ node, messageId: 'database', data: { to } });
      if ((LAYER.get(to) ?? 99) > (LAYER.get(from) ?? 99))
        context.report({ node, messageId: 'up', data: { from, to } });
    });
  },
};

const noModuleCycle = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      cycle: 'Importing src/{{to}} from src/{{from}} closes a module cycle ({{to}} already depends on {{from}}).',
    },
  },
  create(context) {
    const from = moduleOf(context.filename);
    return eachImport(context, (node, target) => {
      const to = moduleOf(target);
      if (!to || to === from || KNOWN_CYCLES.has([from, to].sort().join('|'))) return;
      if (reaches(to, from)) context.report({ node, messageId: 'cycle', data: { from, to } });
    });
  },
};

const publicApi = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      internal: '{{file}} is internal to src/{{to}}: import its module, services, repositories, entities or DTOs.',
    },
  },
  create(context) {
    const from = moduleOf(context.filename);
    return eachImport(context, (node, target) => {
      const to = moduleOf(target);
      if (!to || to === from || to === '(root)' || OPEN_MODULES.has(to)) return;
      const rel = relative(SRC, target).split(sep).join('/');
      if (PUBLIC_FILE.test(rel) || PUBLIC_EXTRA.has(rel)) return;
      context.report({ node, messageId: 'internal', data: { file: `src/${rel}`, to } });
    });
  },
};

const fileNames = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      kebab: 'File names are kebab-case with dot-separated roles (users.repository.ts).',
      entity: 'An @Entity lives in a *.entity.ts file (src/database finds entities by that name).',
      module: 'A @Module lives in a *.module.ts file.',
    },
  },
  create(context) {
    const name = basename(context.filename);
    if (moduleOf(context.filename) === null) return {};
    return {
      Program(node) {
        if (!/^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)*\.ts$/.test(name))
          context.report({ node, messageId: 'kebab' });
      },
      Decorator(node) {
        const callee = node.expression.type === 'CallExpression' ? node.expression.callee : null;
        if (callee?.name === 'Entity' && !name.endsWith('.entity.ts')) context.report({ node, messageId: 'entity' });
        if (callee?.name === 'Module' && !name.endsWith('.module.ts')) context.report({ node, messageId: 'module' });
      },
    };
  },
};

const plugin = {
  meta: { name: 'architecture' },
  rules: { layers, 'no-module-cycle': noModuleCycle, 'public-api': publicApi, 'file-names': fileNames },
};

/** Where a DataSource may be injected or imported: the database layer and repositories. */
const DATA_ACCESS_FILES = ['src/database/**/*.ts', 'src/**/*.repository.ts'];

const DIALECT_BRANCH = {
  selector: "CallExpression[callee.name='isSqlite']",
  message: 'Dialect branches live in src/database and repositories.',
};

const dataSourceRules = {
  'no-restricted-imports': [
    'error',
    {
      paths: [
        {
          name: 'typeorm',
          importNames: ['DataSource'],
          message: "Only src/database and *.repository.ts files use a DataSource: ask the table's repository.",
        },
        {
          name: 'typeorm',
          importNames: ['Repository'],
          message: "A TypeORM Repository is used inside the table's *.repository.ts only: ask that class.",
        },
        {
          name: '@nestjs/typeorm',
          importNames: ['InjectDataSource', 'InjectRepository'],
          message:
            "Only src/database and *.repository.ts files inject a DataSource or a TypeORM Repository: ask the table's repository.",
        },
      ],
      patterns: [
        {
          group: ['**/database/transactions'],
          importNames: ['runInTransaction', 'serializeWrites'],
          message:
            'A service opens a transaction with UnitOfWork (src/database/unit-of-work.ts), not with a DataSource.',
        },
      ],
    },
  ],
  'no-restricted-syntax': ['error', DIALECT_BRANCH],
};

/** What an EntityManager runs: a query of a table, which belongs in that table's repository. */
const ENTITY_MANAGER_QUERY =
  '/^(find|findOne|findOneBy|findBy|findAndCount|save|insert|update|upsert|delete|remove|query|count|countBy|exists|existsBy|increment|decrement|createQueryBuilder|getRepository)$/';
const QUERY_IN_SERVICE = {
  selector: [
    'CallExpression[callee.property.name=/^(getRepository|createQueryBuilder)$/]',
    `CallExpression[callee.object.name=/^(em|manager|tx)$/][callee.property.name=${ENTITY_MANAGER_QUERY}]`,
    `CallExpression[callee.object.property.name=/^(em|manager)$/][callee.property.name=${ENTITY_MANAGER_QUERY}]`,
  ].join(', '),
  message: "Queries live in the table's *.repository.ts: hand the transaction's EntityManager to a repository method.",
};
/** The flat-config blocks for the server (eslint.config.mjs spreads them; the spec lints with them). */
function serverConfigs() {
  return [
    {
      files: ['src/**/*.ts'],
      ignores: ['src/**/*.spec.ts', 'src/database/migrations/**'],
      plugins: { architecture: plugin },
      rules: {
        'architecture/layers': 'error',
        'architecture/no-module-cycle': 'error',
        'architecture/public-api': 'error',
        'architecture/file-names': 'error',
      },
    },
    {
      files: ['src/**/*.ts'],
      ignores: ['src/**/*.spec.ts', ...DATA_ACCESS_FILES],
      rules: dataSourceRules,
    },
    {
      files: ['src/**/*.ts'],
      ignores: ['src/**/*.spec.ts', ...DATA_ACCESS_FILES],
      rules: { 'no-restricted-syntax': ['error', DIALECT_BRANCH, QUERY_IN_SERVICE] },
    },
  ];
}

module.exports = { plugin, serverConfigs, moduleOf, LAYERS };
