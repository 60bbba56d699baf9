// `npm test`: every suite, then one line per suite and a closing "N passed, N failed, N skipped" summing
// them (CI reads the last line; scripts/test-verdict.mjs decides what counts as failed).
// Suites: typecheck (one check per tsconfig), lint (oxlint and knip's unused exports), format (Prettier), vitest (unit + integration), Playwright
// (end to end against headless mode in Debian's chromium). The build comes first because the end-to-end tests
// and the process-level integration tests run the built app.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { runPlaywright, runTool, runVitest, TYPECHECK_CONFIGS, typecheckArgs } from './test-suites.mjs'
import { judgeMissing, judgePlaywright, judgeStep, judgeVitest, summarize } from './test-verdict.mjs'

const reportDir = mkdtempSync(join(tmpdir(), 'jobdesk-test-'))
const root = process.cwd()
const verdicts = []

// Build (renderer, main, workers). A failed build fails every suite that needs it.
const buildExit = runTool('npx', ['electron-vite', 'build', '--logLevel', 'warn'])
verdicts.push(judgeStep('build', buildExit))

for (const config of TYPECHECK_CONFIGS) {
  verdicts.push(judgeStep(`typecheck ${config}`, runTool('npx', typecheckArgs(config))))
}

// One pass or one failure, like a typecheck; oxlint prints each finding, knip each export nothing imports.
// tsc, knip and Prettier keep caches under node_modules/.cache: a second run checks what changed.
verdicts.push(judgeStep('lint', runTool('npm', ['run', '--silent', 'lint'])))

// The tree as Prettier writes it (`npm run format` fixes what this finds).
verdicts.push(judgeStep('format', runTool('npm', ['run', '--silent', 'format:check'])))

const vitest = runVitest({ reportDir })
if (vitest.report) {
  verdicts.push(judgeVitest({ ...vitest, root }))
  // Where the suite's time goes: the slowest files, to look at first when it gets slow.
  const slowest = vitest.report.testResults
    .map((file) => ({ name: relative(root, file.name), seconds: (file.endTime - file.startTime) / 1000 }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, 10)
  console.log('\nslowest vitest files:')
  for (const file of slowest) console.log(`  ${file.seconds.toFixed(1).padStart(6)} s  ${file.name}`)
} else {
  verdicts.push(judgeMissing('vitest', `no report: vitest did not run (exit code ${vitest.exitCode})`))
}

if (buildExit === 0) {
  const playwright = runPlaywright({ reportDir })
  verdicts.push(
    playwright.report ? judgePlaywright({ ...playwright, root }) : judgeMissing('e2e', `no report: playwright did not run (exit code ${playwright.exitCode})`),
  )
} else {
  verdicts.push(judgeMissing('e2e', 'not run: the build failed'))
}

rmSync(reportDir, { recursive: true, force: true })
const summary = summarize(verdicts)
console.log('')
for (const line of summary.lines) console.log(line)
process.exit(summary.exitCode)
