import { codedIssue } from '../messages/coded-errors'
import { epochMs } from './primitives'
import { WINDOW_MAX_DURATION_SEC, WINDOW_NAME_MAX_CHARS } from './window'
import { z } from './z'

/** How many names one window's scope lists at most, per kind (as its ids: WINDOW_SCOPE_MAX_IDS). */
const SCOPE_MAX_NAMES = 10_000

const instantText = z.union([z.string().max(40), epochMs]).describe('ISO 8601 with its offset (e.g. "2026-12-24T22:00:00+01:00"), or epoch milliseconds')

/** A job in a window's file: `app/name`, as `jobdesk get jobs` and the origins name it. */
const jobRef = z
  .string()
  .max(400)
  .superRefine((ref, context) => {
    const slash = ref.indexOf('/')
    if (slash < 1 || slash === ref.length - 1) context.addIssue(codedIssue('definitions.windowJobRef', { got: ref.slice(0, 80) }))
  })

/**
 * `kind: Window`: a maintenance window in a definition file. It names what it holds back by name —
 * groups by app name, jobs as `app/name`, flows by name — never by id, so a file means the same on
 * every server; apply resolves the names (to objects on the server or in the same files) and refuses
 * one that names nothing. Leave groups, jobs and flows out for a window over everything.
 */
export const windowDocumentSchema = z
  .strictObject({
    kind: z.literal('Window'),
    name: z.string().min(1).max(WINDOW_NAME_MAX_CHARS),
    timezone: z.string().min(1).max(64).optional().describe("the IANA zone its cron is read in (default: the server's)"),
    start: instantText.optional().describe('a one-off window: when it opens'),
    end: instantText.optional().describe('a one-off window: when it closes'),
    cron: z.string().min(1).max(200).optional().describe('a recurring window: a Quartz cron for each opening, e.g. "0 0 2 ? * SAT"'),
    durationSec: z.int().min(1).max(WINDOW_MAX_DURATION_SEC).optional().describe('a recurring window: how long each stays open'),
    groups: z.array(z.string().min(1).max(64)).max(SCOPE_MAX_NAMES).optional().describe('the groups it holds back, by app name'),
    jobs: z.array(jobRef).max(SCOPE_MAX_NAMES).optional().describe('the jobs it holds back, as app/name'),
    flows: z.array(z.string().min(1).max(200)).max(SCOPE_MAX_NAMES).optional().describe('the flows it holds back, by name'),
    killRunning: z.boolean().optional().describe('kill the runs of what it holds when it opens (default: let them finish)'),
    enabled: z.boolean().optional().describe('default true'),
  })
  .describe('a maintenance window: no new fire of what it holds starts while it is open')

export type WindowDocument = z.infer<typeof windowDocumentSchema>
