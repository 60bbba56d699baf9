import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The repository's root, where the built CLI and the example definitions are. */
export const REPO = fileURLToPath(new URL('../../', import.meta.url))
const BIN = join(REPO, 'bin/jobdesk.mjs')

export interface CliResult {
  code: number | null
  stdout: string
  stderr: string
}

/**
 * Runs the built `jobdesk args…` in `cwd` as an operator's shell would, with `env` added. The
 * caller's own JOBDESK_SERVER and JOBDESK_API_TOKEN are left out, so a test reaches only the server
 * it names in `env`.
 */
export function runJobdesk(args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  const { JOBDESK_SERVER: _s, JOBDESK_API_TOKEN: _t, ...inherited } = process.env
  const child = spawn(process.execPath, [BIN, ...args], { cwd, env: { ...inherited, NO_COLOR: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })))
}
