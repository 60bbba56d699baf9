import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const REPO = fileURLToPath(new URL('../..', import.meta.url))

/**
 * The tests drive the built app. Builds it when out/ lacks the headless entry or the renderer (set
 * JOBDESK_E2E_BUILD=1 to always rebuild, e.g. after changing the renderer).
 */
export default function globalSetup(): void {
  if (process.env.JOBDESK_E2E_SERVE) return
  const built = existsSync(join(REPO, 'out', 'main', 'serve.js')) && existsSync(join(REPO, 'out', 'renderer', 'index.html'))
  if (built && process.env.JOBDESK_E2E_BUILD !== '1') return
  execFileSync('npx', ['electron-vite', 'build', '--logLevel', 'warn'], { cwd: REPO, stdio: 'inherit' })
}
