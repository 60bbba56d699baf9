// A vitest reporter that writes the run's unhandled errors (rejections nobody awaited, errors thrown
// after a test ended) to the file named by JOBDESK_UNHANDLED_REPORT: vitest's JSON report leaves them
// out, and `npm test` counts each as a failure (scripts/test-verdict.mjs).
import { writeFileSync } from 'node:fs'

export default class UnhandledErrorsReporter {
  onTestRunEnd(_testModules, unhandledErrors) {
    const path = process.env.JOBDESK_UNHANDLED_REPORT
    if (!path) return
    const errors = unhandledErrors.map((error) => ({
      name: error.name,
      message: error.message,
      testPath: error.VITEST_TEST_PATH,
      testName: error.VITEST_TEST_NAME,
    }))
    writeFileSync(path, JSON.stringify({ errors }))
  }
}
