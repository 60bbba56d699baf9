// Types of scripts/test-suites.mjs for the runner's own test (test/runner/), which is TypeScript.
import type { UnhandledError } from './test-verdict.mjs'

interface RunOptions {
  reportDir: string
  args?: string[]
  cwd?: string
  env?: Record<string, string>
  quiet?: boolean
}

export function runTool(command: string, args: string[], options?: { cwd?: string; env?: Record<string, string>; quiet?: boolean }): number
export function runVitest(options: RunOptions): { exitCode: number; report: unknown; unhandled: UnhandledError[] }
export function runPlaywright(options: RunOptions): { exitCode: number; report: unknown }
export const TYPECHECK_CONFIGS: readonly string[]
export function typecheckArgs(config: string): string[]
