// Lint for the whole tree: typescript-eslint with type information (promises that are never
// awaited or that are passed where a void callback is expected are errors), React hook rules
// in the front ends, their import boundaries, and the import boundary that keeps shared/ framework-free.
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import architecture from './eslint-rules/architecture.cjs';
import frontEnds from './eslint-rules/front-ends.cjs';

const frameworkImports = {
  patterns: [
    {
      group: [
        'node:*',
        '@nestjs/*',
        'typeorm',
        'typeorm/*',
        'react',
        'react/*',
        'react-*',
        'ra-*',
        'class-validator',
        'class-transformer',
        'fastify',
        '@fastify/*',
      ],
      message: 'shared/ is imported by the server, the site and the back-office: it must stay framework-free.',
    },
  ],
  paths: builtinModules.map((name) => ({
    name,
    message: 'shared/ must not import Node built-ins.',
  })),
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      'dist/**',
      'site/dist/**',
      'site/dist-ssr/**',
      'admin/dist/**',
      'data/**',
      'coverage/**',
      'src/database/migrations/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ['vite.base.ts', 'vitest.config.ts', 'site/vite.config.ts', 'admin/vite.config.ts'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      // Prettier owns layout; this rule misreads its chained-call line breaks.
      'no-unexpected-multiline': 'off',
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['site/**/*.{ts,tsx}', 'admin/**/*.{ts,tsx}', 'web/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // The session client serves both front ends: browser APIs and @shared only, no React, no app code.
    files: ['web/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react/*', 'react-*', 'ra-*', 'node:*', '**/site/**', '**/admin/**'],
              message: 'web/session is shared by the site and the back-office: browser APIs and @shared only.',
            },
          ],
        },
      ],
    },
  },
  // Boundaries of site/src and admin/src: the app composes, features do not import each other, shared
  // code imports no feature, no import cycle, @shared rather than a relative path (eslint-rules/front-ends.cjs).
  ...frontEnds.frontEndConfigs(),
  // Module boundaries of the server: layers, no module cycles, public files, file names, and data
  // access only in src/database and repositories (eslint-rules/architecture.cjs).
  ...architecture.serverConfigs(),
  {
    files: ['shared/**/*.ts'],
    ignores: ['shared/**/*.spec.ts'],
    rules: { 'no-restricted-imports': ['error', frameworkImports] },
  },
);
