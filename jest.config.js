/** Jest projects: unit specs beside the code, e2e and fault suites under test/. */
const transform = { '^.+\\.(t|j)s$': ['@swc/jest'] };
// A few fastify dependencies ship ESM only (Node 20.19 can require() them; jest cannot), so jest compiles them.
const transformIgnorePatterns = ['/node_modules/(?!(content-disposition)/)'];
const common = { transform, transformIgnorePatterns, testEnvironment: 'node', moduleFileExtensions: ['js', 'json', 'ts'] };

module.exports = {
  projects: [
    { ...common, displayName: 'unit', rootDir: 'src', testRegex: '.*\\.spec\\.ts$' },
    { ...common, displayName: 'e2e', rootDir: 'test', testRegex: '.*\\.e2e-spec\\.ts$' },
    { ...common, displayName: 'faults', rootDir: 'test', testRegex: '.*\\.fault-spec\\.ts$' },
  ],
};
