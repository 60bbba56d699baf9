// `npm test`: every suite, then one line "N passed, N failed" summing them (CI reads the last line).
// Suites: typecheck (one check per tsconfig), lint (oxlint and knip's unused exports), format (Prettier), vitest (unit + integration), Playwright
// (end to end against headless mode in Debian's chromium). The build comes first because the end-to-end tests
// and the process-level integration tests run the built app.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { stripVTControlCharacters } from 'node:util'

const reportDir = mkdtempSync(join(tmpdir(), 'jobdesk-test-'))
const totals = { passed: 0, failed: 0 }
const lines = []

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  return result.status ?? 1
}

/** "2 skipped: <title>; <title>": a skip says what did not run (the titles say why). */
function skippedNote(titles) {
  return titles.length === 0 ? '' : `${titles.length} skipped: ${titles.join('; ')}`
}

/** "failed: <file> › <title>: <the error, cut short>": the summary names what failed, since CI keeps only the log's tail. */
function failedNote(failures) {
  return failures.length === 0 ? '' : `failed: ${failures.join('; ')}`
}

function shortMessage(text) {
  // Drop ANSI colour codes (Playwright's messages have them), put the lines on one, and cut it short.
  return stripVTControlCharacters(String(text ?? ''))
    .trim()
    .replace(/\s*\n\s*/g, ' | ')
    .slice(0, 240)
}

/** Every spec of Playwright's report, nested suites included, that has a test with one of `statuses`. */
function specsWith(suites, statuses) {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).filter((spec) => (spec.tests ?? []).some((test) => statuses.includes(test.status))),
    ...specsWith(suite.suites ?? [], statuses),
  ])
}

function failedSpecs(suites) {
  return specsWith(suites, ['unexpected', 'flaky']).map((spec) => {
    const error = spec.tests.flatMap((test) => test.results ?? []).find((result) => result.error)?.error
    return `${spec.file}:${spec.line} › ${spec.title}: ${shortMessage(error?.message)}`
  })
}

function notes(...parts) {
  return parts.filter((part) => part !== '').join('; ')
}

function skippedSpecs(suites) {
  return specsWith(suites, ['skipped']).map((spec) => spec.title)
}

function count(suite, passed, failed, note = '') {
  totals.passed += passed
  totals.failed += failed
  lines.push(`${suite}: ${passed} passed, ${failed} failed${note ? ` (${note})` : ''}`)
}

// Build (renderer, main, workers). A failed build fails every suite that needs it.
const built = run('npx', ['electron-vite', 'build', '--logLevel', 'warn']) === 0
count('build', built ? 1 : 0, built ? 0 : 1)

for (const config of ['tsconfig.node.json', 'tsconfig.web.json']) {
  const ok = run('npx', ['tsc', '--noEmit', '-p', config]) === 0
  count(`typecheck ${config}`, ok ? 1 : 0, ok ? 0 : 1)
}

// One pass or one failure, like a typecheck; oxlint prints each finding, knip each export nothing imports.
const linted = run('npm', ['run', '--silent', 'lint']) === 0
count('lint', linted ? 1 : 0, linted ? 0 : 1)

// The tree as Prettier writes it (`npm run format` fixes what this finds).
const formatted = run('npm', ['run', '--silent', 'format:check']) === 0
count('format', formatted ? 1 : 0, formatted ? 0 : 1)

const vitestReport = join(reportDir, 'vitest.json')
run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`])
if (existsSync(vitestReport)) {
  const report = JSON.parse(readFileSync(vitestReport, 'utf8'))
  // Files that fail to load count as failures too (their tests never ran).
  const brokenFiles = report.testResults.filter((f) => f.status === 'failed' && f.assertionResults.length === 0).length
  const skipped = report.testResults.flatMap((file) =>
    file.assertionResults.filter((test) => test.status === 'pending' || test.status === 'skipped' || test.status === 'todo').map((test) => test.title),
  )
  const failures = report.testResults.flatMap((file) => {
    const name = relative(process.cwd(), file.name)
    if (file.status === 'failed' && file.assertionResults.length === 0) return [`${name}: ${shortMessage(file.message)}`]
    return file.assertionResults
      .filter((test) => test.status === 'failed')
      .map((test) => `${name} › ${test.fullName}: ${shortMessage(test.failureMessages?.[0])}`)
  })
  count('vitest', report.numPassedTests, report.numFailedTests + brokenFiles, notes(failedNote(failures), skippedNote(skipped)))
  // Where the suite's time goes: the slowest files, to look at first when it gets slow.
  const slowest = report.testResults
    .map((file) => ({ name: relative(process.cwd(), file.name), seconds: (file.endTime - file.startTime) / 1000 }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, 10)
  console.log('\nslowest vitest files:')
  for (const file of slowest) console.log(`  ${file.seconds.toFixed(1).padStart(6)} s  ${file.name}`)
} else {
  count('vitest', 0, 1, 'no report: vitest did not run')
}

const playwrightReport = join(reportDir, 'playwright.json')
if (built) {
  run('npx', ['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport })
}
if (existsSync(playwrightReport)) {
  const report = JSON.parse(readFileSync(playwrightReport, 'utf8'))
  const stats = report.stats
  const suites = report.suites ?? []
  count('e2e', stats.expected, stats.unexpected + stats.flaky, notes(failedNote(failedSpecs(suites)), skippedNote(skippedSpecs(suites))))
} else {
  count('e2e', 0, 1, built ? 'no report: playwright did not run' : 'not run: the build failed')
}

rmSync(reportDir, { recursive: true, force: true })
console.log('')
for (const line of lines) console.log(line)
console.log(`${totals.passed} passed, ${totals.failed} failed`)
process.exit(totals.failed === 0 ? 0 : 1)
