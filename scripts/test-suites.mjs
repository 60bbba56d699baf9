// Runs vitest and Playwright the way `npm test` does and hands back what they left: the exit code and
// the reports scripts/test-verdict.mjs judges. The runner's own test (test/runner/) runs the same
// functions on tiny planted projects, so what it checks is what `npm test` does.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const VITEST_BIN = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url))
const PLAYWRIGHT_BIN = fileURLToPath(new URL('../node_modules/@playwright/test/cli.js', import.meta.url))
const UNHANDLED_REPORTER = fileURLToPath(new URL('./vitest-unhandled-errors.mjs', import.meta.url))

/** `quiet` keeps the tool's output out of the terminal (the runner's own test); `npm test` shows it. */
export function runTool(command, args, { cwd = process.cwd(), env = {}, quiet = false } = {}) {
  // A vitest started from inside a vitest worker (the runner's own test) must not take the outer
  // run's worker variables for its own.
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST')))
  const result = spawnSync(command, args, { cwd, stdio: quiet ? 'ignore' : 'inherit', env: { ...inherited, ...env } })
  return result.status ?? 1
}

/** The two TypeScript projects: the main process and its workers, and the renderer. */
export const TYPECHECK_CONFIGS = ['tsconfig.node.json', 'tsconfig.web.json']

/**
 * `tsc` checking one project. Incremental: what tsc learned last time is kept under
 * node_modules/.cache, so a run after a small change checks in ~2 s instead of ~9 (a fresh checkout
 * has no cache and checks everything, as before).
 */
export function typecheckArgs(config) {
  const name = config.replace(/\.json$/, '')
  return ['tsc', '--noEmit', '--incremental', '--tsBuildInfoFile', join('node_modules', '.cache', 'tsc', `${name}.tsbuildinfo`), '-p', config]
}

function readJson(path) {
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null
}

/** `vitest run` with its JSON report and the unhandled errors' report written into `reportDir`. */
export function runVitest({ reportDir, args = [], cwd, env = {}, quiet = false }) {
  const reportPath = join(reportDir, 'vitest.json')
  const unhandledPath = join(reportDir, 'vitest-unhandled.json')
  const reporters = quiet ? ['--reporter=json'] : ['--reporter=default', '--reporter=json']
  const exitCode = runTool(
    process.execPath,
    [VITEST_BIN, 'run', ...reporters, `--reporter=${UNHANDLED_REPORTER}`, `--outputFile.json=${reportPath}`, ...args],
    {
      cwd,
      env: { ...env, JOBDESK_UNHANDLED_REPORT: unhandledPath },
      quiet,
    },
  )
  return { exitCode, report: readJson(reportPath), unhandled: readJson(unhandledPath)?.errors ?? [] }
}

/** `playwright test` with its JSON report written into `reportDir`. */
export function runPlaywright({ reportDir, args = [], cwd, env = {}, quiet = false }) {
  const reportPath = join(reportDir, 'playwright.json')
  const exitCode = runTool(process.execPath, [PLAYWRIGHT_BIN, 'test', quiet ? '--reporter=json' : '--reporter=list,json', ...args], {
    cwd,
    env: { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: reportPath },
    quiet,
  })
  return { exitCode, report: readJson(reportPath) }
}
