import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/main/**/*.test.ts', 'src/shared/**/*.test.ts', 'src/renderer/src/**/*.test.ts', 'test/**/*.test.ts'],
    // Forks, not threads: the code under test starts worker threads and loads a native addon.
    pool: 'forks',
    // Transactions check that their work never calls the store outside them (off in production: store/sql/transaction-scope.ts).
    env: { JOBDESK_CHECK_TRANSACTIONS: '1' },
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // PostgreSQL and MariaDB for the storage suites, started on first use and stopped at the end.
    globalSetup: ['test/support/db-servers.ts'],
  },
})
