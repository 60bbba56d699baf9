import { priorityOf } from '../capacity'
import { codedIssue } from '../messages/coded-errors'
import { id, text } from './primitives'
import { z } from './z'

/** A pool's name, as a job, a flow node or a `kind: Pool` file names it (the calendars' pattern). */
export const POOL_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/
/** More slots than any shared system has seats; a bigger number is a typo. */
export const POOL_MAX_SLOTS = 10_000
/** A job needs a few pools; more is a definition gone wrong. */
export const MAX_POOLS_PER_JOB = 16
export const MAX_CONCURRENT_MAX = 10_000
export const POOL_DESCRIPTION_MAX_CHARS = 500

export const poolName = z.string().superRefine((value, context) => {
  if (!POOL_NAME_PATTERN.test(value)) context.addIssue(codedIssue('pool.name', { got: value.slice(0, 80) }))
})

const poolSlots = z.int().min(1).max(POOL_MAX_SLOTS)

/** `pools: [{ name, slots }]` of a job or a flow node; slots default 1, a pool named once. */
export const poolNeeds = z
  .array(z.strictObject({ name: poolName, slots: poolSlots.default(1) }))
  .max(MAX_POOLS_PER_JOB)
  .superRefine((needs, context) => {
    const seen = new Set<string>()
    needs.forEach((need, index) => {
      if (seen.has(need.name)) context.addIssue(codedIssue('pool.duplicate', { name: need.name }, [index, 'name']))
      seen.add(need.name)
    })
  })

/** 1 (HIGHEST) … 9 (LOWEST), or one of the names; stored as the number. */
export const priority = z.union([z.int(), z.string()]).transform((value, context) => {
  const found = priorityOf(value)
  if (found === undefined) {
    context.addIssue(codedIssue('pool.priority', { got: String(value).slice(0, 40) }))
    return z.NEVER
  }
  return found
})

export const maxConcurrent = z.int().min(0).max(MAX_CONCURRENT_MAX)

/** A pool as addPool and updatePool take it. */
export const poolInputSchema = z.strictObject({
  name: poolName,
  slots: poolSlots,
  description: text(POOL_DESCRIPTION_MAX_CHARS).default(''),
})

export const removePoolArgs = z.strictObject({ name: poolName })
export const listQueueArgs = z.strictObject({ pool: poolName.optional(), groupId: id.optional() }).default({})
export const queuedRunArgs = z.strictObject({ runId: id })
