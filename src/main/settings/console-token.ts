import { generateToken } from '../net/token'
import type { SettingRepo } from '../store/setting-repo'

const CONSOLE_TOKEN_KEY = 'console_token'

/**
 * The token a browser needs to open the headless console: `--console-token` /
 * `JOBDESK_CONSOLE_TOKEN` when given, else the one stored at first start (so a bookmarked URL keeps
 * working), else a new random one.
 */
export async function resolveConsoleToken(settings: SettingRepo, given: string | undefined): Promise<string> {
  if (given) return given
  // First writer wins: nodes of a cluster started together agree on one token.
  return settings.setIfAbsent(CONSOLE_TOKEN_KEY, generateToken())
}
