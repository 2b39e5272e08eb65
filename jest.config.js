/** Jest projects: unit specs beside the code, e2e and fault suites under test/. */
// ts-jest in transpile-only mode (isolatedModules): type checking is `tsc --noEmit` in npm test.
const transform = {
  '^.+\\.(t|j)s$': ['ts-jest', { tsconfig: { allowJs: true, sourceMap: true, isolatedModules: true } }],
};
// A few fastify dependencies ship ESM only (Node 20.19 can require() them; jest cannot), so jest compiles them.
const transformIgnorePatterns = ['/node_modules/(?!(content-disposition)/)'];
const common = {
  transform,
  transformIgnorePatterns,
  testEnvironment: 'node',
  moduleFileExtensions: ['js', 'json', 'ts'],
};

module.exports = {
  projects: [
    { ...common, displayName: 'unit', rootDir: 'src', testRegex: '.*\\.spec\\.ts$' },
    { ...common, displayName: 'e2e', rootDir: 'test', testRegex: '.*\\.e2e-spec\\.ts$' },
    { ...common, displayName: 'faults', rootDir: 'test', testRegex: '.*\\.fault-spec\\.ts$' },
    // Several app processes on one MariaDB and one Redis (scripts/test.mjs runs them when both answer).
    { ...common, displayName: 'fleet', rootDir: 'test', testRegex: '.*\\.fleet-spec\\.ts$' },
  ],
};
