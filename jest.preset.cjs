// Shared jest settings: TypeScript through SWC (type checking is `typecheck`'s job, not the test runner's).
const path = require('node:path');

/** @param {{ dom?: boolean }} opts */
module.exports = function preset(opts = {}) {
  return {
    testEnvironment: opts.dom ? 'jsdom' : 'node',
    transform: {
      '^.+\\.(t|j)sx?$': [require.resolve('@swc/jest'), {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      }],
    },
    moduleFileExtensions: ['ts', 'tsx', 'js', 'cjs', 'mjs', 'json'],
    testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/src/**/*.test.tsx', '<rootDir>/test/**/*.test.ts'],
    setupFilesAfterEnv: opts.dom ? [path.join(__dirname, 'tools/jest/setup-dom.cjs')] : [],
    clearMocks: true,
    // Above the 5 s that findBy/waitFor may wait (tools/jest/setup-dom.cjs), so a slow machine
    // reports the assertion that timed out rather than a bare test time-out.
    testTimeout: 20_000,
  };
};
