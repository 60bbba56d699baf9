import { describe, expect, it } from 'vitest'
import { judgePlaywright, judgeStep, judgeVitest, summarize } from '../../scripts/test-verdict.mjs'

// Reports shaped as vitest 4's JSON reporter and Playwright's JSON reporter write them (the same
// cases run through the real tools in test-all-tools.test.ts).
const ROOT = '/repo'

function test(title: string, status: string, failureMessages: string[] = []) {
  return { ancestorTitles: [], fullName: title, title, status, failureMessages }
}

function file(name: string, status: string, message: string, assertionResults: ReturnType<typeof test>[]) {
  return { name: `${ROOT}/${name}`, status, message, assertionResults, startTime: 0, endTime: 0 }
}

function vitestReport(testResults: ReturnType<typeof file>[], success: boolean) {
  return { success, testResults }
}

describe('the vitest verdict', () => {
  it('counts a file whose beforeAll failed as failed, naming it, and does not list its tests as skips', () => {
    const report = vitestReport([file('test/pg.test.ts', 'failed', 'postgres could not start', [test('reads a row', 'skipped')])], false)
    const verdict = judgeVitest({ report, exitCode: 1, root: ROOT })
    expect(verdict.failures).toEqual(['test/pg.test.ts: postgres could not start (1 test did not run)'])
    expect(verdict.skipped).toEqual([])
    expect(verdict.passed).toBe(0)
  })

  it("counts a describe's failed beforeAll (no file message) as failed", () => {
    const report = vitestReport([file('test/group.test.ts', 'failed', '', [test('inner', 'skipped'), test('outer', 'passed')])], false)
    const verdict = judgeVitest({ report, exitCode: 1, root: ROOT })
    expect(verdict.failures).toEqual(['test/group.test.ts: a beforeAll or afterAll hook failed (1 test did not run)'])
    expect(verdict.passed).toBe(1)
  })

  it('counts a failing afterAll as failed although every test passed', () => {
    const report = vitestReport([file('test/stop.test.ts', 'failed', 'stop failed', [test('passes', 'passed')])], false)
    const verdict = judgeVitest({ report, exitCode: 1, root: ROOT })
    expect(verdict.failures).toEqual(['test/stop.test.ts: stop failed'])
    expect(verdict.passed).toBe(1)
  })

  it('names both a failed test and the afterAll that failed after it', () => {
    const report = vitestReport([file('test/both.test.ts', 'failed', 'stop failed', [test('breaks', 'failed', ['AssertionError: expected 1 to be 2'])])], false)
    expect(judgeVitest({ report, exitCode: 1, root: ROOT }).failures).toEqual([
      'test/both.test.ts › breaks: AssertionError: expected 1 to be 2',
      'test/both.test.ts: stop failed',
    ])
  })

  it('counts each unhandled rejection as failed, although the report says success', () => {
    const report = vitestReport([file('test/leak.test.ts', 'passed', '', [test('passes', 'passed')])], true)
    const unhandled = [{ name: 'Error', message: 'nobody awaited me', testPath: `${ROOT}/test/leak.test.ts` }]
    const verdict = judgeVitest({ report, unhandled, exitCode: 1, root: ROOT })
    expect(verdict.failures).toEqual(['unhandled Error in test/leak.test.ts: nobody awaited me'])
    expect(verdict.passed).toBe(1)
  })

  it('counts a file that loads no test as failed', () => {
    const report = vitestReport([file('test/empty.test.ts', 'failed', 'No test found in suite empty.test.ts', [])], false)
    expect(judgeVitest({ report, exitCode: 1, root: ROOT }).failures).toEqual(['test/empty.test.ts: loads no test (No test found in suite empty.test.ts)'])
  })

  it('counts a non-zero exit the report does not explain as one failure', () => {
    const report = vitestReport([file('test/ok.test.ts', 'passed', '', [test('passes', 'passed')])], true)
    expect(judgeVitest({ report, exitCode: 1, root: ROOT }).failures).toEqual(['vitest exited with code 1'])
  })

  it('lists a chosen skip by its title and fails nothing for it', () => {
    const report = vitestReport([file('test/ok.test.ts', 'passed', '', [test('skipped: no slapd on this machine', 'skipped'), test('passes', 'passed')])], true)
    const verdict = judgeVitest({ report, exitCode: 0, root: ROOT })
    expect(verdict).toEqual({ suite: 'vitest', passed: 1, failures: [], skipped: ['skipped: no slapd on this machine'] })
  })
})

describe('the Playwright verdict', () => {
  const noTests = { expected: 0, skipped: 0, unexpected: 0, flaky: 0 }

  it('counts a spec that throws on load as failed, naming its file and line', () => {
    const report = {
      suites: [],
      stats: noTests,
      errors: [{ message: 'Error: spec broke while loading', location: { file: `${ROOT}/e2e/broken.spec.ts`, line: 2, column: 7 } }],
    }
    expect(judgePlaywright({ report, exitCode: 1, root: ROOT }).failures).toEqual(['e2e/broken.spec.ts:2: Error: spec broke while loading'])
  })

  it('counts a failed global setup as failed', () => {
    const report = {
      suites: [],
      stats: noTests,
      errors: [
        { message: '\u001b[31mError: global setup could not start the server\u001b[39m', location: { file: `${ROOT}/e2e/support/global-setup.ts`, line: 1 } },
      ],
    }
    expect(judgePlaywright({ report, exitCode: 1, root: ROOT }).failures).toEqual([
      'e2e/support/global-setup.ts:1: Error: global setup could not start the server',
    ])
  })

  it('names a failed spec and lists each skipped one by its title and reason', () => {
    const spec = (title: string, status: string, line: number, skipReason?: string) => ({
      title,
      file: 'jobs.spec.ts',
      line,
      tests: [
        {
          status,
          annotations: status === 'skipped' ? [{ type: 'skip', ...(skipReason ? { description: skipReason } : {}) }] : [],
          results: status === 'unexpected' ? [{ error: { message: 'Timed out\nwaiting' } }] : [],
        },
      ],
    })
    const report = {
      suites: [
        {
          specs: [spec('saves a job', 'unexpected', 10), spec('opens the shell', 'skipped', 15, 'the Electron binary is not installed')],
          suites: [{ specs: [spec('needs LDAP', 'skipped', 20), spec('lists jobs', 'expected', 30)] }],
        },
      ],
      stats: { ...noTests, expected: 1, unexpected: 1, skipped: 2 },
      errors: [],
    }
    expect(judgePlaywright({ report, exitCode: 1, root: ROOT })).toEqual({
      suite: 'e2e',
      passed: 1,
      failures: ['jobs.spec.ts:10 › saves a job: Timed out | waiting'],
      skipped: ['opens the shell (the Electron binary is not installed)', 'needs LDAP'],
    })
  })

  it('counts a non-zero exit with a clean report as one failure', () => {
    expect(judgePlaywright({ report: { suites: [], stats: noTests, errors: [] }, exitCode: 1, root: ROOT }).failures).toEqual(['playwright exited with code 1'])
  })
})

describe('the summary', () => {
  it('closes with passed, failed and skipped summed, names what failed and skipped above it, and exits non-zero on a failure', () => {
    const vitest = { suite: 'vitest', passed: 3, failures: ['test/pg.test.ts: postgres could not start'], skipped: ['no slapd'] }
    const summary = summarize([judgeStep('build', 0), vitest])
    expect(summary.lines).toEqual([
      'build: 1 passed, 0 failed',
      'vitest: 3 passed, 1 failed, 1 skipped (failed: test/pg.test.ts: postgres could not start; 1 skipped: no slapd)',
      '4 passed, 1 failed, 1 skipped',
    ])
    expect(summary.exitCode).toBe(1)
  })

  it('exits zero when nothing failed', () => {
    const summary = summarize([judgeStep('lint', 0), judgeStep('format', 0)])
    expect(summary).toEqual({ lines: ['lint: 1 passed, 0 failed', 'format: 1 passed, 0 failed', '2 passed, 0 failed, 0 skipped'], exitCode: 0 })
  })

  it('counts a step that exited non-zero as one failure', () => {
    expect(summarize([judgeStep('typecheck tsconfig.node.json', 2)]).lines).toEqual([
      'typecheck tsconfig.node.json: 0 passed, 1 failed (failed: exited with code 2)',
      '0 passed, 1 failed, 0 skipped',
    ])
  })
})
