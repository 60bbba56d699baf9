// Types of scripts/test-verdict.mjs for the runner's own test (test/runner/), which is TypeScript.

/** What one suite came to: `failures` and `skipped` name each failure and each skip's title. */
export interface Verdict {
  suite: string
  passed: number
  failures: string[]
  skipped: string[]
}

/** The errors scripts/vitest-unhandled-errors.mjs writes. */
export interface UnhandledError {
  name?: string
  message?: string
  testPath?: string
}

export function judgeStep(suite: string, exitCode: number): Verdict
export function judgeMissing(suite: string, why: string): Verdict
export function judgeVitest(input: { report: unknown; unhandled?: UnhandledError[]; exitCode: number; root: string }): Verdict
export function judgePlaywright(input: { report: unknown; exitCode: number; root: string }): Verdict
export function describeVerdict(verdict: Verdict): string
export function summarize(verdicts: Verdict[]): { lines: string[]; exitCode: number }
