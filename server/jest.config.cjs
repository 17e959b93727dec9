// One PostgreSQL cluster and one migrated PGlite template per run (test/global-setup.ts);
// each suite gets its own database from them (test/test-db.ts).
const preset = require('../jest.preset.cjs')({ dom: false });

module.exports = {
  ...preset,
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  testTimeout: 60_000,
  // Jest's CommonJS runtime (Node 20) can neither require ESM-only packages nor run a dynamic
  // import() without --experimental-vm-modules. cookie@2 (used by fastify's inject) is ESM only, and
  // PGlite's CommonJS build (.cjs) still calls import('fs/promises'); SWC rewrites both into require().
  transform: {
    ...preset.transform,
    '^.+\\.cjs$': [require.resolve('@swc/jest'), {
      jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' },
      module: { type: 'commonjs' },
    }],
  },
  transformIgnorePatterns: ['/node_modules/(?!\\.pnpm/cookie@|cookie/|\\.pnpm/@electric-sql\\+pglite@|@electric-sql/pglite/)'],
};
