import { generateToken } from '../net/token'
import type { Store } from '../store/store'

const CONSOLE_TOKEN_KEY = 'console_token'

/**
 * The token a browser needs to open the headless console: `--console-token` /
 * `JOBDESK_CONSOLE_TOKEN` when given, else the one stored at first start (so a bookmarked URL keeps
 * working), else a new random one.
 */
export function resolveConsoleToken(store: Store, given: string | undefined): string {
  if (given) return given
  const stored = store.settings.get<string>(CONSOLE_TOKEN_KEY)
  if (stored) return stored
  const token = generateToken()
  store.settings.set(CONSOLE_TOKEN_KEY, token)
  return token
}
