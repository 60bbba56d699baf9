// What `npm test` concludes from each suite: pure functions of the reports and exit codes the tools
// left behind, so a test can plant reports and check the verdict (test/runner/). A suite's failure is
// the run's failure: a test that failed, a file whose hooks failed (vitest then reports its tests as
// skipped), a file that loads no test, an unhandled error, a Playwright spec that throws on load or a
// failed global setup, and a tool that exits non-zero for a reason its report does not show.
import { relative } from 'node:path'
import { stripVTControlCharacters } from 'node:util'

function shortMessage(text) {
  // Drop ANSI colour codes (Playwright's messages have them), put the lines on one, and cut it short.
  return stripVTControlCharacters(String(text ?? ''))
    .trim()
    .replace(/\s*\n\s*/g, ' | ')
    .slice(0, 240)
}

const SKIPPED = ['pending', 'skipped', 'todo']

/** A step that is one pass or one failure (build, typecheck, lint, format). */
export function judgeStep(suite, exitCode) {
  const ok = exitCode === 0
  return { suite, passed: ok ? 1 : 0, failures: ok ? [] : [`exited with code ${exitCode}`], skipped: [] }
}

/** A whole suite that left no report: it did not run, which is a failure. */
export function judgeMissing(suite, why) {
  return { suite, passed: 0, failures: [why], skipped: [] }
}

/**
 * Vitest: `report` is its JSON report, `unhandled` the errors scripts/vitest-unhandled-errors.mjs
 * wrote (the JSON report leaves them out), `root` the folder file names are shown relative to.
 */
export function judgeVitest({ report, unhandled = [], exitCode, root }) {
  const failures = []
  const skipped = []
  let passed = 0
  for (const file of report.testResults ?? []) {
    const name = relative(root, file.name)
    const tests = file.assertionResults ?? []
    passed += tests.filter((test) => test.status === 'passed').length
    const failedTests = tests.filter((test) => test.status === 'failed')
    for (const test of failedTests) failures.push(`${name} › ${test.fullName}: ${shortMessage(test.failureMessages?.[0])}`)
    const notRun = tests.filter((test) => SKIPPED.includes(test.status))
    if (tests.length === 0) {
      failures.push(`${name}: loads no test${file.message ? ` (${shortMessage(file.message)})` : ''}`)
    } else if (file.status === 'failed' && (file.message || failedTests.length === 0)) {
      // The file failed outside its tests: a beforeAll/afterAll (of the file or, with no message, of a
      // describe) threw. Its skipped tests are that failure's consequence, not skips someone chose.
      const why = file.message ? shortMessage(file.message) : 'a beforeAll or afterAll hook failed'
      failures.push(`${name}: ${why}${notRun.length > 0 ? ` (${notRun.length} ${notRun.length === 1 ? 'test' : 'tests'} did not run)` : ''}`)
    } else {
      skipped.push(...notRun.map((test) => test.title))
    }
  }
  for (const error of unhandled) {
    const where = error.testPath ? ` in ${relative(root, error.testPath)}` : ''
    failures.push(`unhandled ${error.name ?? 'error'}${where}: ${shortMessage(error.message)}`)
  }
  if (failures.length === 0 && report.success === false) failures.push('vitest reported the run as failed')
  if (failures.length === 0 && exitCode !== 0) failures.push(`vitest exited with code ${exitCode}`)
  return { suite: 'vitest', passed, failures, skipped }
}

/** Every spec of Playwright's report, nested suites included, that has a test with one of `statuses`. */
function specsWith(suites, statuses) {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).filter((spec) => (spec.tests ?? []).some((test) => statuses.includes(test.status))),
    ...specsWith(suite.suites ?? [], statuses),
  ])
}

/** A skipped spec's title, with the reason `test.skip(condition, reason)` gave. */
function skipTitle(spec) {
  const reason = spec.tests.flatMap((test) => test.annotations ?? []).find((annotation) => annotation.type === 'skip' && annotation.description)
  return reason ? `${spec.title} (${reason.description})` : spec.title
}

/** Playwright: `report` is its JSON report; its `errors` are what failed outside a test (load, global setup). */
export function judgePlaywright({ report, exitCode, root }) {
  const suites = report.suites ?? []
  const failures = specsWith(suites, ['unexpected', 'flaky']).map((spec) => {
    const error = spec.tests.flatMap((test) => test.results ?? []).find((result) => result.error)?.error
    return `${spec.file}:${spec.line} › ${spec.title}: ${shortMessage(error?.message)}`
  })
  for (const error of report.errors ?? []) {
    const where = error.location ? `${relative(root, error.location.file)}:${error.location.line}: ` : ''
    failures.push(`${where}${shortMessage(error.message)}`)
  }
  if (failures.length === 0 && exitCode !== 0) failures.push(`playwright exited with code ${exitCode}`)
  const skipped = specsWith(suites, ['skipped']).map(skipTitle)
  return { suite: 'e2e', passed: report.stats?.expected ?? 0, failures, skipped }
}

/** "vitest: 3 passed, 2 failed, 1 skipped (failed: <what>; 1 skipped: <title>)": CI keeps only the log's tail, so the line names them. */
export function describeVerdict({ suite, passed, failures, skipped }) {
  const notes = [
    failures.length > 0 ? `failed: ${failures.join('; ')}` : '',
    skipped.length > 0 ? `${skipped.length} skipped: ${skipped.join('; ')}` : '',
  ].filter((note) => note !== '')
  const counts = `${passed} passed, ${failures.length} failed${skipped.length > 0 ? `, ${skipped.length} skipped` : ''}`
  return `${suite}: ${counts}${notes.length > 0 ? ` (${notes.join('; ')})` : ''}`
}

/** The summary: one line per suite, then "N passed, N failed, N skipped" (CI reads the last line) and the exit code. */
export function summarize(verdicts) {
  const sum = (pick) => verdicts.reduce((total, verdict) => total + pick(verdict), 0)
  const failed = sum((verdict) => verdict.failures.length)
  const closing = `${sum((verdict) => verdict.passed)} passed, ${failed} failed, ${sum((verdict) => verdict.skipped.length)} skipped`
  return { lines: [...verdicts.map(describeVerdict), closing], exitCode: failed === 0 ? 0 : 1 }
}
