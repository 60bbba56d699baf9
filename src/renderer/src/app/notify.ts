import { notifications } from '@mantine/notifications'
import { translate, type Language, type MessageKey, type Vars } from '../i18n/dictionary'
import { errorText } from '../i18n/server-text'

/** The operator-facing text of an error in `language`: rendered from its code (naming the field), else the core's message. */
export function errorMessage(error: unknown, language: Language): string {
  return errorText(language, error)
}

/** A red notification that stays until closed, since errors need reading. */
export function notifyError(language: Language, title: MessageKey, error: unknown): void {
  notifications.show({ color: 'red', title: translate(language, title), message: errorMessage(error, language), autoClose: false, withBorder: true })
}

export function notifySuccess(language: Language, message: MessageKey, vars?: Vars): void {
  notifications.show({ color: 'teal', message: translate(language, message, vars), autoClose: 3000 })
}

/** A notification about something that happened in the core; clicking it runs `onOpen` (e.g. shows the run). */
export function notifyEvent(language: Language, color: 'red' | 'orange' | 'blue', title: MessageKey, vars: Vars, message: string, onOpen?: () => void): void {
  notifications.show({
    color,
    title: translate(language, title, vars),
    message,
    autoClose: 10_000,
    withBorder: true,
    ...(onOpen ? { onClick: onOpen, style: { cursor: 'pointer' } } : {}),
  })
}
