import { z } from '../../shared/schema/z'
import { groupNames } from './group-names'
import { tool } from './mcp-tool'

const HOUR_MS = 3_600_000
/** The entries get_schedule answers with at most: an agent reads a window, not a year of seconds. */
const SCHEDULE_MAX_ENTRIES = 500

export const getSchedule = tool({
  name: 'get_schedule',
  title: 'What will fire in a window',
  description:
    'The schedule simulator: every fire of the running jobs and active flows you see (or the ones named) in a time window, and every slot that will not fire with its reason ' +
    '(holiday, maintenance window, pause-all, calendar roll) — computed by the functions the scheduler itself uses. Default window: the next 24 hours. At most 500 entries (`cut` says when there were more).',
  kind: 'read',
  input: z.strictObject({
    fromMs: z.int().min(0).optional().describe('window start, epoch ms (default now)'),
    toMs: z.int().min(0).optional().describe('window end, epoch ms (default 24 h after the start; at most 366 days)'),
    jobIds: z.array(z.int().min(1)).max(100).optional(),
    flowIds: z.array(z.int().min(1)).max(100).optional(),
  }),
  output: z.object({
    fromMs: z.number(),
    toMs: z.number(),
    fires: z.array(z.looseObject({ time: z.number() })),
    skipped: z.array(z.looseObject({ slot: z.number() })),
    cut: z.boolean(),
  }),
  async run(context, input) {
    const fromMs = input.fromMs ?? context.nowMs()
    const toMs = input.toMs ?? fromMs + 24 * HOUR_MS
    const simulation = await context.api.simulateSchedule({
      from: fromMs,
      to: toMs,
      ...(input.jobIds && { jobIds: input.jobIds }),
      ...(input.flowIds && { flowIds: input.flowIds }),
    })
    const fires = simulation.fires.slice(0, SCHEDULE_MAX_ENTRIES)
    const skipped = simulation.skipped.slice(0, SCHEDULE_MAX_ENTRIES - fires.length)
    const cut = simulation.cut || fires.length < simulation.fires.length || skipped.length < simulation.skipped.length
    return { fromMs, toMs, fires, skipped, cut }
  },
})

export const listQueue = tool({
  name: 'list_queue',
  title: 'List queued runs',
  description:
    'Runs waiting for a resource pool or a concurrency limit (docs/capacity.md) in your groups: the pool, its place in the queue, since when, and why it waits ' +
    '(poolFull, jobMaxConcurrent, groupMaxConcurrent, behindHigherPriority, unknownPool).',
  kind: 'read',
  input: z.strictObject({ pool: z.string().max(64).optional().describe('only this pool') }),
  output: z.object({ queued: z.array(z.looseObject({ runId: z.number(), jobId: z.number(), pool: z.string(), why: z.string() })) }),
  async run(context, input) {
    const queued = await context.api.listQueue(input.pool === undefined ? undefined : { pool: input.pool })
    return { queued: queued.map((q) => ({ ...q })) }
  },
})

export const listExecutors = tool({
  name: 'list_executors',
  title: 'List executors',
  description:
    "The executor addresses of your groups as the registry sees them: group, address, health (online, suspect, dead), last heartbeat, and what kind of executor it is (JobDesk's own with its version, or one that does not say); " +
    'and the groups whose addresses are configured by hand, with those addresses.',
  kind: 'read',
  input: z.strictObject({ group: z.string().max(64).optional().describe("only this group's app name") }),
  output: z.object({
    executors: z.array(z.looseObject({ group: z.string(), address: z.string(), health: z.string() })),
    manualGroups: z.array(z.object({ group: z.string(), addresses: z.array(z.string()) })),
  }),
  async run(context, input) {
    const [entries, { groups }] = await Promise.all([context.api.listRegistry(), groupNames(context.api)])
    const manual = groups.filter((g) => g.addressType === 1)
    return {
      executors: entries
        .filter((e) => input.group === undefined || e.appName === input.group)
        .map((e) => ({ group: e.appName, address: e.address, health: e.health, lastBeatMs: e.updateTimeMs, executor: e.executor })),
      manualGroups: manual
        .filter((g) => input.group === undefined || g.appName === input.group)
        .map((g) => ({ group: g.appName, addresses: g.addressList.split(',').filter((a) => a.trim() !== '') })),
    }
  },
})
