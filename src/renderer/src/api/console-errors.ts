import type { ErrorParams } from '../../../shared/errors'
import { englishMessage, type MessageCode } from '../../../shared/messages'

/**
 * An error of the console's own (its connection, the sign-in page's requests), coded like the
 * core's, so a toast says it in the console's language; the English is the fallback and the log's.
 */
export function consoleError(code: MessageCode, params: ErrorParams = {}): Error {
  return Object.assign(new Error(englishMessage(code, params)), { code, params })
}
