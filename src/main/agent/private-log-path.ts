import { chmodSync, mkdirSync, statSync } from 'node:fs'
import { homedir } from 'node:os'
import { resolve } from 'node:path'
import { PRIVATE_DIR_MODE } from '../executor/run-log/private-modes'

/**
 * Makes the agent's `--log-path` its user's own before anything is written there: created 0700,
 * or narrowed to 0700 when an older agent left it 0755, which also puts the 0644 files it wrote
 * then out of other users' reach (what the executor writes now is 0600 in 0700 folders). The
 * embedded executor needs none of this: its logs are inside the 0700 data folder. A shared place
 * someone pointed --log-path at (a sticky folder such as /tmp, the home folder, the root) or a
 * folder of another user is left as it is. Windows has no such modes.
 */
export function makeLogPathPrivate(logPath: string): void {
  mkdirSync(logPath, { recursive: true, mode: PRIVATE_DIR_MODE })
  if (process.platform === 'win32') return
  const stat = statSync(logPath)
  const shared = (stat.mode & 0o1000) !== 0 || resolve(logPath) === resolve(homedir()) || resolve(logPath) === '/'
  const mine = typeof process.getuid !== 'function' || stat.uid === process.getuid()
  if (!shared && mine && (stat.mode & 0o777) !== PRIVATE_DIR_MODE) chmodSync(logPath, PRIVATE_DIR_MODE)
}
