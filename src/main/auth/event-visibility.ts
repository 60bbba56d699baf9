import type { JobDeskEvent } from '../../shared/api'
import type { CoreApi } from './method-rule-types'
import { seesGroup, type Principal } from '../../shared/principal'
import { isJobNode } from '../../shared/flow-types'

const CACHE_MAX = 5000

/**
 * The event stream as one principal may see it: runs, logs, alarms and executors of its groups
 * only, and flow runs (changes, notices) only when it sees every group of their jobs. Everyone
 * hears every event of the core, so a console restricted to group A drops group B's. The group of
 * a run or job is looked up once and kept (it never changes for a run).
 */
export class EventVisibility {
  private readonly runGroups = new Map<number, number | null>()
  private readonly jobGroups = new Map<number, number | null>()
  /** Whether the principal sees a flow run: every group of its job nodes (a run's graph never changes). */
  private readonly flowRunSeen = new Map<number, boolean>()

  constructor(
    private readonly core: CoreApi,
    private readonly principal: () => Principal,
  ) {}

  async visible(event: JobDeskEvent): Promise<JobDeskEvent | null> {
    const principal = this.principal()
    if (principal.groupIds === null) return event
    const sees = (groupId: number | null) => groupId !== null && seesGroup(principal, groupId)
    switch (event.type) {
      case 'runs-changed': {
        const runs = event.runs.filter((run) => seesGroup(principal, run.jobGroup))
        return runs.length > 0 || event.truncated ? { ...event, runs } : null
      }
      // The ids would name other groups' jobs: "something changed, re-read" says enough.
      case 'jobs-changed':
        return { type: 'jobs-changed', jobIds: [] }
      case 'registry-changed': {
        const apps = new Set((await this.core.listGroups()).filter((g) => seesGroup(principal, g.id)).map((g) => g.appName))
        return { ...event, entries: event.entries.filter((e) => apps.has(e.appName)) }
      }
      case 'run-log':
        return sees(await this.groupOfRun(event.logId)) ? event : null
      case 'alarm':
        return sees(await this.groupOfJob(event.jobId)) ? event : null
      case 'misfire':
        return sees(await this.groupOfJob(event.jobId)) ? event : null
      case 'open-run':
        return sees(await this.groupOfRun(event.logId)) ? event : null
      case 'flow-run-changed':
      case 'flow-notice':
        return (await this.seesFlowRun(event.flowRunId, sees)) ? event : null
      case 'deadline-miss':
        if (event.target === 'job') return sees(await this.groupOfJob(event.ownerId)) ? event : null
        return (await this.seesFlowRun(event.runId, sees)) ? event : null
      default:
        return event
    }
  }

  private async seesFlowRun(flowRunId: number, sees: (groupId: number | null) => boolean): Promise<boolean> {
    const known = this.flowRunSeen.get(flowRunId)
    if (known !== undefined) return known
    let seen = false
    try {
      const run = await this.core.getFlowRun(flowRunId)
      const groups: (number | null)[] = []
      for (const node of run.definition.nodes) if (isJobNode(node)) groups.push(await this.groupOfJob(node.jobId))
      seen = groups.length > 0 && groups.every(sees)
    } catch {
      seen = false
    }
    if (this.flowRunSeen.size >= CACHE_MAX) this.flowRunSeen.clear()
    this.flowRunSeen.set(flowRunId, seen)
    return seen
  }

  private async groupOfRun(logId: number): Promise<number | null> {
    return cached(this.runGroups, logId, async () => (await this.core.getRun(logId)).jobGroup)
  }

  private async groupOfJob(jobId: number): Promise<number | null> {
    return cached(this.jobGroups, jobId, async () => (await this.core.getJob(jobId)).jobGroup)
  }
}

async function cached(map: Map<number, number | null>, key: number, read: () => Promise<number>): Promise<number | null> {
  if (map.has(key)) return map.get(key)!
  const value = await read().catch(() => null)
  if (map.size >= CACHE_MAX) map.clear()
  map.set(key, value)
  return value
}
