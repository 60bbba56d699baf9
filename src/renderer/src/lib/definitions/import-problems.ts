import { ValidationError } from '../../../../shared/errors'
import type { Language } from '../../i18n/dictionary'
import { errorText, messageText, problemText } from '../../i18n/server-text'

/**
 * The problems of a refused import, in `language`: the core refuses with a ValidationError (code
 * `import.refused`) carrying every problem with its path, code and parameters; the dialog lists
 * each on its own. Any other error is a summary alone.
 */
export interface ImportRefusal {
  summary: string
  problems: string[]
}

export function importRefusal(language: Language, error: unknown): ImportRefusal {
  if (!(error instanceof ValidationError) || error.problems.length === 0) return { summary: errorText(language, error), problems: [] }
  return {
    summary: messageText(language, error, error.message.split('\n')[0]),
    problems: error.problems.map((problem) => problemText(language, problem)),
  }
}

/** `jobdesk-jobs-2026-01-10-1230.json`: the export's file name, by local time. */
export function exportFileName(nowMs: number, count: number | null): string {
  const d = new Date(nowMs)
  const two = (n: number) => String(n).padStart(2, '0')
  const stamp = `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}-${two(d.getHours())}${two(d.getMinutes())}`
  return count === null ? `jobdesk-jobs-${stamp}.json` : `jobdesk-jobs-${count}-${stamp}.json`
}

/** Reads an import file's text; a parse error names the position, for the dialog. */
export function parseImportFile(text: string): { ok: true; document: unknown } | { ok: false; message: string } {
  try {
    return { ok: true, document: JSON.parse(text) as unknown }
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) }
  }
}
