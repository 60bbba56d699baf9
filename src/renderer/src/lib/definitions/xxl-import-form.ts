import { withXxlPassword, type XxlConflict, type XxlImportRequest, type XxlNote } from '../../../../shared/xxl-import'
import type { Language } from '../../i18n/dictionary'
import { messageText } from '../../i18n/server-text'

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

/** The request of the form: the password goes into the URL (see withXxlPassword). */
export function xxlRequestOf(form: XxlImportForm, dryRun: boolean): XxlImportRequest {
  return {
    url: withXxlPassword(form.url.trim(), form.password),
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
