import type { ErrorParams } from '../../shared/errors'
import { englishMessage } from '../../shared/messages'
import type { enImportXxlMessages } from '../../shared/messages/en-import-xxl'
import type { XxlNote } from '../../shared/xxl-import'

/** The codes of an XXL-JOB import's flags and refusals, without their `xxl.` prefix. */
export type XxlNoteCode = keyof typeof enImportXxlMessages extends `xxl.${infer C}` ? C : never

/**
 * A flag or refusal by its code (src/shared/messages/en-import-xxl.ts holds the English templates,
 * the console's zh-CN catalog the same codes), with the English text filled in for logs and the CLI.
 */
export function xxlNote(code: XxlNoteCode, params: ErrorParams = {}): XxlNote {
  const full = `xxl.${code}` as const
  return { code: full, params, message: englishMessage(full, params) }
}
