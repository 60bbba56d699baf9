/**
 * The job's enum value lists and the types derived from them, XXL-JOB's wire and column constants.
 * A file of their own, below model.ts and trigger-trail.ts, which both name them.
 */

/** BUSINESS_DAY is JobDesk's own: business days of each month by the job's calendar (`BD1 09:00`). */
export const SCHEDULE_TYPES = ['NONE', 'CRON', 'FIX_RATE', 'BUSINESS_DAY'] as const
export type ScheduleType = (typeof SCHEDULE_TYPES)[number]

export const MISFIRE_STRATEGIES = ['DO_NOTHING', 'FIRE_ONCE_NOW'] as const
export type MisfireStrategy = (typeof MISFIRE_STRATEGIES)[number]

export const ROUTE_STRATEGIES = [
  'FIRST',
  'LAST',
  'ROUND',
  'RANDOM',
  'CONSISTENT_HASH',
  'LEAST_FREQUENTLY_USED',
  'LEAST_RECENTLY_USED',
  'FAILOVER',
  'BUSYOVER',
  'SHARDING_BROADCAST',
] as const
export type RouteStrategy = (typeof ROUTE_STRATEGIES)[number]

export const BLOCK_STRATEGIES = ['SERIAL_EXECUTION', 'DISCARD_LATER', 'COVER_EARLY'] as const
export type BlockStrategy = (typeof BLOCK_STRATEGIES)[number]

export const GLUE_TYPES = ['BEAN', 'GLUE_GROOVY', 'GLUE_SHELL', 'GLUE_PYTHON', 'GLUE_PYTHON2', 'GLUE_PHP', 'GLUE_NODEJS', 'GLUE_POWERSHELL'] as const
export type GlueType = (typeof GLUE_TYPES)[number]

/**
 * Why a run exists. CRON covers every scheduled fire (FIX_RATE included), as in XXL-JOB; FLOW is a
 * node of a flow run and BACKFILL one slot of a backfill (JobDesk's own, docs/backfill.md).
 */
export const TRIGGER_TYPES = ['CRON', 'MISFIRE', 'MANUAL', 'API', 'RETRY', 'PARENT', 'FLOW', 'BACKFILL'] as const
export type TriggerType = (typeof TRIGGER_TYPES)[number]
