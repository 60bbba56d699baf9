import { CONSOLE_LANGUAGES, type SettingsInput } from '../api'
import { z } from './z'
import { ALARM_AFTER_FAILURES_MAX, ALARM_QUIET_SEC_MAX } from '../alarm-policy'
import { codedIssue } from '../messages/coded-errors'

/** An IP address or host name to listen on (no ports, paths or spaces). */
const listenHost = z
  .string()
  .trim()
  .superRefine((value, context) => {
    if (!/^[0-9A-Za-z.:_-]{1,253}$/.test(value)) context.addIssue(codedIssue('settings.listenHost'))
  })

/**
 * What the settings page may change. Alarm channels have rules of their own (they need the mail
 * library's address parser), so they pass here as they are and the alarm service parses them.
 */
export const settingsInputSchema = z.strictObject({
  listenHost: listenHost.optional(),
  listenPort: z.int().min(1).max(65_535).optional(),
  logRetentionDays: z.int().min(0).max(3650).optional(),
  auditRetentionDays: z.int().min(30).max(3650).optional(),
  alarmAfterFailures: z.int().min(1).max(ALARM_AFTER_FAILURES_MAX).optional(),
  alarmQuietSec: z.int().min(0).max(ALARM_QUIET_SEC_MAX).optional(),
  alarms: z.unknown().optional(),
  openApiAcceptsExecutorToken: z.boolean().optional(),
  embeddedScriptsEnabled: z.boolean().optional(),
  consoleLanguage: z.enum(CONSOLE_LANGUAGES).optional(),
}) satisfies z.ZodType<Omit<SettingsInput, 'alarms'> & { alarms?: unknown }>
