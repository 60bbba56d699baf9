import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, HEADLESS_CHROMIUM } from './test/support/chromium'

// The servers under test check that transactions' work never calls the store outside them (store/sql/transaction-scope.ts).
process.env.JOBDESK_CHECK_TRANSACTIONS = '1'

/**
 * End-to-end tests: Debian's Chromium drives the built renderer against headless mode
 * (`node out/main/serve.js`, one fresh server and data directory per test file; see e2e/support).
 * Two spec files at a time and no retries: 7.7 minutes where one at a time took 10.3. An earlier try
 * with two lost a trigger dialog's Run click now and then on the busier machine, most likely because
 * the route preview grew as the click landed and pushed Run down. Its placeholder now has the
 * answer's shape (pages/jobs/route-preview.tsx), and manual-trigger.spec holds Run in place.
 */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/support/global-setup.ts',
  retries: 0,
  workers: 2,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  timeout: 90_000,
  expect: { timeout: 20_000 },
  outputDir: 'test-results',
  reporter: [['list']],
  use: {
    viewport: { width: 1400, height: 900 },
    actionTimeout: 15_000,
    launchOptions: {
      executablePath: HEADLESS_CHROMIUM,
      args: CHROMIUM_ARGS,
    },
  },
})
