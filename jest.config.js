/** Jest projects: unit specs beside the code, e2e and fault suites under test/. */
// ts-jest in transpile-only mode (isolatedModules): type checking is `tsc --noEmit` in npm test.
const transform = {
  '^.+\\.(t|j)s$': ['ts-jest', { tsconfig: { allowJs: true, sourceMap: true, isolatedModules: true } }],
};
// A few fastify dependencies ship ESM only (Node 20.19 can require() them; jest cannot), so jest compiles them.
const transformIgnorePatterns = ['/node_modules/(?!(content-disposition)/)'];
// better-sqlite3 13 crashes Node 20 and 12 aborts Node 24: anything that loads it by name in the
// tests (TypeORM without a `driver`) gets the build for this Node (src/database/sqlite-driver.ts).
const sqliteDriver = Number(process.versions.node.split('.')[0]) >= 22 ? 'better-sqlite3' : 'better-sqlite3-node20';
const common = {
  transform,
  moduleNameMapper: { '^better-sqlite3$': require.resolve(sqliteDriver) },
  transformIgnorePatterns,
  testEnvironment: 'node',
  moduleFileExtensions: ['js', 'json', 'ts'],
};

module.exports = {
  // Booting an app with its database (migrations, seed) takes a few seconds on a loaded 2-core machine;
  // jest's 5 s default then fails set-up hooks that would pass. No test asserts time through this.
  testTimeout: 30_000,
  projects: [
    { ...common, displayName: 'unit', roots: ['<rootDir>/src', '<rootDir>/shared'], testRegex: '.*\\.spec\\.ts$' },
    { ...common, displayName: 'e2e', rootDir: 'test', testRegex: '.*\\.e2e-spec\\.ts$' },
    { ...common, displayName: 'faults', rootDir: 'test', testRegex: '.*\\.fault-spec\\.ts$' },
    // Several app processes on one MariaDB and one Redis (scripts/test.mjs runs them when both answer).
    { ...common, displayName: 'fleet', rootDir: 'test', testRegex: '.*\\.fleet-spec\\.ts$' },
  ],
};
