import type { XxlConflict, XxlImportRequest, XxlNote } from '../../../shared/xxl-import'
import type { Language } from '../i18n/dictionary'
import { messageText } from '../i18n/server-text'

/** What the dialog holds while it is open (the password only there: it is never stored). */
export interface XxlImportForm {
  url: string
  password: string
  onConflict: XxlConflict
  withRuns: boolean
  days: number
  timezone: string
}

export const INITIAL_XXL_FORM: XxlImportForm = { url: '', password: '', onConflict: 'skip', withRuns: false, days: 7, timezone: '' }

/**
 * The request of the form: the password goes into the URL (percent-encoded) unless the URL has
 * one of its own; a URL that does not parse is sent as typed, for the core to explain.
 */
export function xxlRequestOf(form: XxlImportForm, dryRun: boolean): XxlImportRequest {
  let url = form.url.trim()
  if (form.password !== '') {
    try {
      const parsed = new URL(url)
      if (parsed.password === '') {
        parsed.password = encodeURIComponent(form.password)
        url = parsed.toString()
      }
    } catch {
      // Left to the core's check, which names what is wrong without the password.
    }
  }
  return {
    url,
    dryRun,
    onConflict: form.onConflict,
    ...(form.withRuns ? { withRunsDays: form.days } : {}),
    ...(form.timezone.trim() !== '' ? { timezone: form.timezone.trim() } : {}),
  }
}

/** A flag or refusal in `language`, naming the field when it is one of JobDesk's own job rules. */
export function xxlNoteText(language: Language, note: XxlNote): string {
  const text = messageText(language, note, note.message)
  return note.field ? `${note.field}${language === 'zh-CN' ? '：' : ': '}${text}` : text
}
