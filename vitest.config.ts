import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/main/**/*.test.ts', 'src/shared/**/*.test.ts', 'src/renderer/src/**/*.test.ts', 'test/**/*.test.ts'],
    // Forks, not threads: the code under test starts worker threads and loads a native addon.
    pool: 'forks',
    // Three files at once, whatever the core count (vitest's default is one fewer than the cores: one
    // on this 2-core machine). Most files wait on servers, child processes and timers; at three the
    // suite kept both cores busy (166 %) and took 9 minutes where one at a time took 16.
    maxWorkers: 3,
    // A worker keeps its loaded modules from one file to the next: importing the app's modules afresh
    // for each of 312 files was 173 s of CPU (32 s shared). The files share no state through them: no
    // module mocks, and the few global stubs and fake timers are undone after each test.
    isolate: false,
    // Transactions check that their work never calls the store outside them (off in production: store/sql/transaction-scope.ts).
    env: { JOBDESK_CHECK_TRANSACTIONS: '1' },
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // PostgreSQL and MariaDB for the storage suites, started on first use and stopped at the end.
    globalSetup: ['test/support/db-servers.ts'],
  },
})
