/**
 * Jest runs the test files; `npm test` (scripts/run-tests.ts) prepares what they share first
 * (PostgreSQL with a migrated template database, the Temporal binaries, one workflow bundle) and
 * starts jest with the file list, the worker count and a deadline. Running jest directly fails
 * in every file that needs those (test/support/env.ts says so).
 * Types are checked separately (`npm run typecheck` covers test/): swc only strips them.
 */
/** @type {import('jest').Config} */
module.exports = {
  rootDir: __dirname,
  // jest-environment-node with structuredClone and fetch answering this context's objects (see the file).
  testEnvironment: '<rootDir>/test/support/jest-environment.cjs',
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } },
    ],
  },
  moduleFileExtensions: ['ts', 'js', 'cjs', 'json', 'node'],
  // Outbound network is refused except loopback, in every test file (and, through NODE_OPTIONS, in
  // the services some files start): no test reaches another machine.
  setupFiles: ['<rootDir>/test/support/loopback-only.cjs'],
  // Files in path order, as before (see the file).
  testSequencer: '<rootDir>/test/support/jest-sequencer.cjs',
  // Per test and per hook, as with node's test runner before: Temporal tests start servers and JVMs.
  testTimeout: 300_000,
  watchman: false,
  // A fresh worker process for every test file, as node's test runner gave each file its own: the
  // suites start native Temporal runtimes, workers and servers per file. In a reused worker the
  // continue-as-new test of test/workflows/calendar-sync.test.ts lost a calendar change in each of
  // three full runs (it passed alone and after a few other files in one process). 0 = always restart. The gateway now also asks a
  // not-found signal again (the calendar notification was dropped while its workflow continued as new).
  workerIdleMemoryLimit: 0,
};
