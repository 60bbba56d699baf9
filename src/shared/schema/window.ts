import type { MaintenanceWindow } from '../calendar/maintenance-window'
import { codedIssue } from '../messages/coded-errors'
import { instant } from './calendar'
import { id, requiredText } from './primitives'
import { z } from './z'

/** A window longer than a week is a shutdown, not maintenance: pause-all says that better. */
export const WINDOW_MAX_DURATION_SEC = 7 * 86_400
export const WINDOW_NAME_MAX_CHARS = 100
/** Ids one window names at most, per kind. */
export const WINDOW_SCOPE_MAX_IDS = 10_000

const scopeIds = z.array(id).max(WINDOW_SCOPE_MAX_IDS).default([])

const windowFields = {
  name: requiredText(WINDOW_NAME_MAX_CHARS),
  timezone: requiredText(64),
  start: instant.optional(),
  end: instant.optional(),
  cron: requiredText(200).optional(),
  durationSec: z.int().min(1).max(WINDOW_MAX_DURATION_SEC).optional(),
  all: z.boolean().optional(),
  groupIds: scopeIds,
  jobIds: scopeIds,
  flowIds: scopeIds,
  killRunning: z.boolean().default(false),
  enabled: z.boolean().default(true),
}

type WindowFields = z.output<z.ZodObject<typeof windowFields>>

/** The rules between a window's fields: one timing pair, whole; a scope that is all or names something. */
function checkWindow(w: WindowFields, context: z.RefinementCtx): void {
  const once = w.start !== undefined || w.end !== undefined
  const recurring = w.cron !== undefined || w.durationSec !== undefined
  if (once === recurring) context.addIssue(codedIssue('window.timing', {}))
  else if (once && (w.start === undefined || w.end === undefined))
    context.addIssue(codedIssue('window.onceNeedsBoth', {}, [w.start === undefined ? 'start' : 'end']))
  else if (once && w.end! <= w.start!) context.addIssue(codedIssue('window.endBeforeStart', {}, ['end']))
  else if (once && w.end! - w.start! > WINDOW_MAX_DURATION_SEC * 1000)
    context.addIssue(codedIssue('window.tooLong', { days: WINDOW_MAX_DURATION_SEC / 86_400 }, ['end']))
  else if (recurring && (w.cron === undefined || w.durationSec === undefined))
    context.addIssue(codedIssue('window.recurringNeedsBoth', {}, [w.cron === undefined ? 'cron' : 'durationSec']))
  const named = w.groupIds.length + w.jobIds.length + w.flowIds.length > 0
  if (w.all === true && named) context.addIssue(codedIssue('window.scopeBoth', {}, ['all']))
  if (w.all === false && !named) context.addIssue(codedIssue('window.scopeEmpty', {}, ['all']))
}

/**
 * A maintenance window as the console, the OpenAPI and a `kind: Window` file give it:
 * - one-off: `start` and `end` (epoch ms or ISO 8601), end after start;
 * - recurring: `cron` (Quartz, for each start, read in `timezone`) and `durationSec`;
 * - scope: `all: true` (the default when no ids are given), or the groups, jobs and flows it holds.
 * Whether the cron parses, the zone exists and the ids name something are the service's rules.
 */
export const windowInputSchema = z.strictObject(windowFields).superRefine(checkWindow)

/** `updateWindow`: the window's id and everything it says from now on. */
export const windowUpdateSchema = z.strictObject({ id, ...windowFields }).superRefine(checkWindow)

export type WindowInput = z.output<typeof windowInputSchema>
/** A window as a caller sends it (`addWindow`): defaults may be left out, instants may be ISO 8601. */
export type WindowRequest = z.input<typeof windowInputSchema>

/** The window a checked input describes (its id, 0 for a new one, is the caller's). */
export function windowOfInput(input: WindowInput, id: number): MaintenanceWindow {
  const named = input.groupIds.length + input.jobIds.length + input.flowIds.length > 0
  return {
    id,
    name: input.name,
    timezone: input.timezone,
    timing:
      input.cron !== undefined
        ? { kind: 'recurring', cron: input.cron, durationSec: input.durationSec! }
        : { kind: 'once', startMs: input.start!, endMs: input.end! },
    scope: named ? { all: false, groupIds: input.groupIds, jobIds: input.jobIds, flowIds: input.flowIds } : { all: true },
    killRunning: input.killRunning,
    enabled: input.enabled,
  }
}
