import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/main/**/*.test.ts', 'src/shared/**/*.test.ts', 'src/renderer/src/**/*.test.ts', 'test/**/*.test.ts'],
    // Forks, not threads: the code under test starts worker threads and loads a native addon.
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // PostgreSQL and MariaDB for the storage suites, started on first use and stopped at the end.
    globalSetup: ['test/support/db-servers.ts'],
  },
})
