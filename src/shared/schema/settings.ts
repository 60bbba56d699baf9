import type { SettingsInput } from '../api'
import { z } from './z'

/** An IP address or host name to listen on (no ports, paths or spaces). */
const listenHost = z
  .string()
  .trim()
  .regex(/^[0-9A-Za-z.:_-]{1,253}$/, { error: 'must be an IP address or host name, e.g. 0.0.0.0 or 127.0.0.1' })

/**
 * What the settings page may change. Alarm channels have rules of their own (they need the mail
 * library's address parser), so they pass here as they are and the alarm service parses them.
 */
export const settingsInputSchema = z.strictObject({
  listenHost: listenHost.optional(),
  listenPort: z.int().min(1).max(65_535).optional(),
  logRetentionDays: z.int().min(0).max(3650).optional(),
  alarms: z.unknown().optional(),
  openApiAcceptsExecutorToken: z.boolean().optional(),
  embeddedScriptsEnabled: z.boolean().optional(),
}) satisfies z.ZodType<Omit<SettingsInput, 'alarms'> & { alarms?: unknown }>
