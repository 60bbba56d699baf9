import { notifications, notificationsStore } from '@mantine/notifications'
import { translate, type Language, type MessageKey, type Vars } from '../i18n/dictionary'
import { errorText } from '../i18n/server-text'

/** The operator-facing text of an error in `language`: rendered from its code (naming the field), else the core's message. */
export function errorMessage(error: unknown, language: Language): string {
  return errorText(language, error)
}

/** How long an error stays: long enough to read (it waits while the pointer is on it), and then it goes. */
export const ERROR_TOAST_MS = 20_000

/** A red notification that stays long enough to read, then closes by itself: errors must not pile up. */
export function notifyError(language: Language, title: MessageKey, error: unknown): void {
  notifications.show({ color: 'red', title: translate(language, title), message: errorMessage(error, language), autoClose: ERROR_TOAST_MS, withBorder: true })
}

export function notifySuccess(language: Language, message: MessageKey, vars?: Vars): void {
  notifications.show({ color: 'teal', message: translate(language, message, vars), autoClose: 3000 })
}

/** How many notices each `key`'s toast stands for while it is shown (or queued). */
const repeats = new Map<string, number>()

function isShown(id: string): boolean {
  const { notifications: visible, queue } = notificationsStore.getState()
  return visible.some((n) => n.id === id) || queue.some((n) => n.id === id)
}

/**
 * A notification about something that happened in the core; clicking it runs `onOpen` (e.g. shows
 * the run). Notices with one `key` (one job's failures) share one toast: the newest replaces the one
 * shown, says how many it stands for, and closes by itself, so a job failing every two seconds
 * never buries the page under a stack that refills faster than it empties.
 */
export function notifyEvent(
  language: Language,
  color: 'red' | 'orange' | 'blue',
  title: MessageKey,
  vars: Vars,
  message: string,
  onOpen?: () => void,
  key?: string,
): void {
  const count = key !== undefined && isShown(key) ? (repeats.get(key) ?? 0) + 1 : 1
  if (key !== undefined) {
    notifications.hide(key)
    repeats.set(key, count)
  }
  notifications.show({
    ...(key !== undefined ? { id: key } : {}),
    color,
    title: translate(language, title, vars) + (count > 1 ? ` ${translate(language, 'event.repeated', { n: count })}` : ''),
    message,
    autoClose: 10_000,
    withBorder: true,
    ...(onOpen ? { onClick: onOpen, style: { cursor: 'pointer' } } : {}),
  })
}
