import { deadlinesDocumentOf } from './deadline-documents'
import { splitAddressList } from '../../../shared/address-list'
import { jobOriginKey } from '../../../shared/definition-origin'
import type { Flow, FlowNodeDef } from '../../../shared/flow-types'
import { notFound } from '../../../shared/messages/coded-errors'
import { EMBEDDED_APP_NAME, type JobGroup, type JobInfo, type JobLink, type LinkCondition } from '../../../shared/model'
import type { CalendarRoll, CalendarRule } from '../../../shared/calendar/calendar-rules'
import type { BusinessCalendar } from '../../../shared/calendar/business-calendar'
import { calendarDocument, calendarsFollowed } from './calendar-documents'
import {
  CHILD_CONDITIONS,
  type DefinitionDocument,
  type FlowDocument,
  type FlowNodeDocument,
  type GroupDocument,
  type JobDocument,
} from '../../../shared/schema/definition-files'
import { isJobNode } from '../../../shared/flow-types'
import { paramsDocumentOf } from './param-documents'

export interface DefinitionsState {
  calendars: readonly BusinessCalendar[]
  groups: readonly JobGroup[]
  jobs: readonly JobInfo[]
  links: readonly JobLink[]
  flows: readonly Flow[]
}

const CONDITION_WORDS = Object.fromEntries(Object.entries(CHILD_CONDITIONS).map(([word, condition]) => [condition, word])) as Record<
  LinkCondition,
  keyof typeof CHILD_CONDITIONS
>

/**
 * The server's objects as definition documents, the inverse of to-export-document.ts: what equals
 * the files' default is left out, so an exported file reads like one written by hand and applying
 * it back changes nothing. Calendars first, then groups, jobs and flows. `names` selects jobs
 * (`app/name` or a name alone) and flows (by name), with every job they lead to and the calendars
 * they follow, so the files stand alone.
 * @throws NotFoundError for a name that is neither a job nor a flow.
 */
export function definitionsOf(state: DefinitionsState, names?: readonly string[]): DefinitionDocument[] {
  const groupById = new Map(state.groups.map((g) => [g.id, g]))
  const appNameOf = (job: JobInfo) => groupById.get(job.jobGroup)?.appName ?? ''
  const jobById = new Map(state.jobs.map((j) => [j.id, j]))
  const childrenOf = new Map<number, JobLink[]>()
  for (const link of state.links) childrenOf.set(link.parentJobId, [...(childrenOf.get(link.parentJobId) ?? []), link])
  const jobIdsOf = (flow: Flow) => flow.nodes.flatMap((n) => (isJobNode(n) ? [n.jobId] : []))
  const flowNames = new Map(state.flows.map((f) => [f.id, f.name]))
  const flowNameOf = (id: number) => flowNames.get(id) ?? String(id)

  const { jobs, flows } = names === undefined ? { jobs: state.jobs, flows: state.flows } : select(state, names, appNameOf, childrenOf, jobIdsOf)
  const jobIds = new Set(jobs.map((j) => j.id))
  const groupIds = new Set(jobs.map((j) => j.jobGroup))
  const groups = [...state.groups]
    .sort((a, b) => a.appName.localeCompare(b.appName))
    .filter((g) => g.appName !== EMBEDDED_APP_NAME && (names === undefined || groupIds.has(g.id)))
  const calendars =
    names === undefined
      ? state.calendars
      : calendarsFollowed(
          state.calendars,
          [...jobs, ...flows].map((item) => item.calendar),
        )
  return [
    ...[...calendars].sort((a, b) => a.name.localeCompare(b.name)).map(calendarDocument),
    ...groups.map(groupDocument),
    ...[...jobs]
      // By name, not id: two servers given the same files export the same stream.
      .sort((a, b) => appNameOf(a).localeCompare(appNameOf(b)) || a.name.localeCompare(b.name))
      .map((job) =>
        jobDocument(
          job,
          appNameOf(job),
          (childrenOf.get(job.id) ?? []).filter((l) => jobIds.has(l.childJobId)),
          jobById,
          appNameOf,
        ),
      ),
    ...[...flows].sort((a, b) => a.name.localeCompare(b.name)).map((flow) => flowDocument(flow, jobById, appNameOf, flowNameOf)),
  ]
}

function select(
  state: DefinitionsState,
  names: readonly string[],
  appNameOf: (job: JobInfo) => string,
  childrenOf: ReadonlyMap<number, JobLink[]>,
  jobIdsOf: (flow: Flow) => number[],
): { jobs: JobInfo[]; flows: Flow[] } {
  const flows = new Set<Flow>()
  const start: number[] = []
  for (const name of names) {
    const jobs = state.jobs.filter((job) => job.name === name || jobOriginKey(appNameOf(job), job.name) === name)
    const flow = state.flows.find((f) => f.name === name)
    if (jobs.length === 0 && !flow) throw notFound('definitions.nameUnknown', { name })
    start.push(...jobs.map((j) => j.id))
    if (flow) {
      flows.add(flow)
      start.push(...jobIdsOf(flow))
    }
  }
  // Every job a selected one leads to comes along: an apply of the files must find each child.
  const reached = new Set<number>()
  const queue = [...start]
  while (queue.length > 0) {
    const id = queue.pop()!
    if (reached.has(id)) continue
    reached.add(id)
    for (const link of childrenOf.get(id) ?? []) queue.push(link.childJobId)
  }
  return { jobs: state.jobs.filter((j) => reached.has(j.id)), flows: [...flows] }
}

/** A group as its file says it (what a plan compares). */
export function groupDocument(group: JobGroup): GroupDocument {
  const addresses = group.addressType === 1 ? splitAddressList(group.addressList) : []
  return {
    kind: 'Group',
    name: group.appName,
    ...(group.name !== group.appName ? { title: group.name } : {}),
    ...(addresses.length > 0 ? { addresses } : {}),
  }
}

function scheduleOf(item: {
  scheduleType: string
  scheduleConf: string
  timezone: string
  misfireStrategy: string
  calendar?: string | null
  calendarRule?: CalendarRule
  calendarRoll?: CalendarRoll
}): Pick<JobDocument, 'schedule'> {
  if (item.scheduleType === 'NONE') return {}
  const when =
    item.scheduleType === 'CRON'
      ? { cron: item.scheduleConf, timezone: item.timezone }
      : item.scheduleType === 'BUSINESS_DAY'
        ? { businessDays: item.scheduleConf, timezone: item.timezone }
        : { fixedRate: Number(item.scheduleConf) }
  // Defaults are left out, as the file's reader fills them in.
  const calendar = item.calendar ? { calendar: item.calendar } : {}
  const rule = item.calendarRule !== undefined && item.calendarRule !== 'BUSINESS_DAYS' ? { rule: item.calendarRule } : {}
  const roll = item.calendarRoll !== undefined && item.calendarRoll !== 'SKIP' ? { roll: item.calendarRoll } : {}
  return {
    schedule: {
      ...when,
      ...calendar,
      ...rule,
      ...roll,
      ...(item.misfireStrategy !== 'DO_NOTHING' ? { misfire: item.misfireStrategy as 'FIRE_ONCE_NOW' } : {}),
    },
  }
}

/** A job's or a flow's own alarm policy as its file's `alarm:` writes it: only what it sets. */
function alarmPolicyDocOf(own: { alarmAfterFailures: number | null; alarmQuietSec: number | null }): { afterFailures?: number; quietSec?: number } {
  return {
    ...(own.alarmAfterFailures !== null ? { afterFailures: own.alarmAfterFailures } : {}),
    ...(own.alarmQuietSec !== null ? { quietSec: own.alarmQuietSec } : {}),
  }
}

function emails(text: string): { email?: string[] } {
  const list = splitAddressList(text)
  return list.length === 0 ? {} : { email: list }
}

/**
 * What a plan compares of a job: its document as an export writes it — so what a file cannot say (a
 * cron kept by a job set to no schedule, a zone beside a fixed rate) is no change — without its name,
 * group and children (compared apart), and whether it is started, always.
 */
export function jobSettingsDocument(job: JobInfo): Record<string, unknown> {
  const { kind: _kind, name: _name, group: _group, enabled: _enabled, children: _children, ...settings } = jobDocument(job, '', [], new Map(), () => '')
  return { ...settings, enabled: job.triggerStatus === 1 }
}

function jobDocument(
  job: JobInfo,
  appName: string,
  links: readonly JobLink[],
  jobById: ReadonlyMap<number, JobInfo>,
  appNameOf: (job: JobInfo) => string,
): JobDocument {
  const scheduled = job.scheduleType !== 'NONE'
  const retried = job.executorFailRetryCount > 0 || job.retryBackoff !== 'NONE' || job.retryIntervalSec > 0 || job.retryMaxIntervalSec > 0
  const alarm = { ...emails(job.alarmEmail), ...(job.alarmOnEveryFailure ? { everyFailure: true } : {}), ...alarmPolicyDocOf(job) }
  const children = links.map((link) => {
    const child = jobById.get(link.childJobId)!
    const childApp = appNameOf(child)
    if (childApp === appName && link.condition === 'SUCCESS') return child.name
    return {
      job: child.name,
      ...(childApp !== appName ? { group: childApp } : {}),
      ...(link.condition !== 'SUCCESS' ? { on: CONDITION_WORDS[link.condition] } : {}),
    }
  })
  return {
    kind: 'Job',
    name: job.name,
    group: appName,
    ...(job.author !== '' ? { author: job.author } : {}),
    ...((job.triggerStatus === 1) !== scheduled ? { enabled: job.triggerStatus === 1 } : {}),
    ...scheduleOf(job),
    ...(job.executorHandler !== '' ? { handler: job.executorHandler } : {}),
    ...(job.glueType !== 'BEAN'
      ? {
          glue: {
            type: job.glueType,
            ...(job.glueSource !== '' ? { source: job.glueSource } : {}),
            ...(job.glueRemark !== '' ? { remark: job.glueRemark } : {}),
          },
        }
      : {}),
    ...(job.executorParam !== '' ? { param: job.executorParam } : {}),
    ...(job.executorRouteStrategy !== 'FIRST' ? { routing: job.executorRouteStrategy } : {}),
    ...(job.executorBlockStrategy !== 'SERIAL_EXECUTION' ? { block: job.executorBlockStrategy } : {}),
    ...(job.executorTimeoutSec !== 0 ? { timeoutSec: job.executorTimeoutSec } : {}),
    ...(job.pools?.length ? { pools: job.pools.map((p) => (p.slots === 1 ? { name: p.name } : { name: p.name, slots: p.slots })) } : {}),
    ...(job.priority !== undefined && job.priority !== 5 ? { priority: job.priority } : {}),
    ...(job.maxConcurrent ? { maxConcurrent: job.maxConcurrent } : {}),
    ...paramsDocumentOf(job),
    // References only (`secrets.NAME`): a file never holds a secret's value.
    ...(job.env && Object.keys(job.env).length > 0 ? { env: { ...job.env } } : {}),
    ...(retried
      ? {
          retry: {
            count: job.executorFailRetryCount,
            ...(job.retryBackoff !== 'NONE' ? { backoff: job.retryBackoff } : {}),
            ...(job.retryIntervalSec !== 0 ? { intervalSec: job.retryIntervalSec } : {}),
            ...(job.retryMaxIntervalSec !== 0 ? { maxIntervalSec: job.retryMaxIntervalSec } : {}),
          },
        }
      : {}),
    ...(Object.keys(alarm).length > 0 ? { alarm } : {}),
    ...deadlinesDocumentOf(job),
    ...(children.length > 0 ? { children } : {}),
  }
}

function flowDocument(
  flow: Flow,
  jobById: ReadonlyMap<number, JobInfo>,
  appNameOf: (job: JobInfo) => string,
  flowNameOf: (id: number) => string,
): FlowDocument {
  const jobApps = new Set(flow.nodes.flatMap((n) => (isJobNode(n) ? [appNameOf(jobById.get(n.jobId)!)] : [])))
  const group = jobApps.size === 1 ? [...jobApps][0] : undefined
  const nodes = flow.nodes.map((node: FlowNodeDef): FlowNodeDocument => {
    const rule = node.triggerRule !== undefined && node.triggerRule !== 'all_success' ? { rule: node.triggerRule } : {}
    if (node.kind === 'approval') {
      return {
        key: node.key,
        kind: 'approval',
        ...rule,
        ...(node.prompt ? { prompt: node.prompt } : {}),
        ...(node.timeoutSec ? { timeoutSec: node.timeoutSec } : {}),
      }
    }
    // A subflow names its flow by name, as a job node its job: ids differ between servers.
    if (node.kind === 'subflow')
      return { key: node.key, kind: 'subflow', flow: flowNameOf(node.flowId), ...(node.param !== undefined ? { param: node.param } : {}), ...rule }
    if (node.kind === 'switch')
      return { key: node.key, kind: 'switch', cases: node.cases, ...(node.default !== undefined ? { default: node.default } : {}), ...rule }
    const job = jobById.get(node.jobId)!
    const app = appNameOf(job)
    return {
      key: node.key,
      job: job.name,
      ...(app !== group ? { group: app } : {}),
      ...(node.param !== undefined ? { param: node.param } : {}),
      ...rule,
      ...(node.pools !== undefined ? { pools: node.pools.map((p) => (p.slots === 1 ? { name: p.name } : { name: p.name, slots: p.slots })) } : {}),
      ...(node.priority !== undefined ? { priority: node.priority } : {}),
      ...(node.forEach !== undefined ? { forEach: node.forEach } : {}),
      ...(node.forEachConcurrency !== undefined ? { forEachConcurrency: node.forEachConcurrency } : {}),
      ...(node.forEachRule !== undefined ? { forEachRule: node.forEachRule } : {}),
    }
  })
  const { description, ...settings } = flowSettingsFields(flow)
  return {
    kind: 'Flow',
    name: flow.name,
    ...(description !== undefined ? { description } : {}),
    ...(group !== undefined ? { group } : {}),
    ...settings,
    nodes,
    ...(flow.edges.length > 0 ? { edges: flow.edges.map(({ from, to }) => ({ from, to })) } : {}),
  }
}

/** A flow's settings as its file writes them (its name, group and graph aside). */
function flowSettingsFields(flow: Flow): Omit<FlowDocument, 'kind' | 'name' | 'group' | 'nodes' | 'edges'> {
  const scheduled = flow.scheduleType !== 'NONE'
  return {
    ...(flow.description !== '' ? { description: flow.description } : {}),
    ...((flow.triggerStatus === 1) !== scheduled ? { enabled: flow.triggerStatus === 1 } : {}),
    ...scheduleOf(flow),
    ...(flow.maxActiveRuns !== 1 ? { maxActiveRuns: flow.maxActiveRuns } : {}),
    ...(flow.overlap !== 'SKIP' ? { overlap: flow.overlap } : {}),
    ...(flow.timeoutSec !== 0 ? { timeoutSec: flow.timeoutSec } : {}),
    ...(flow.alarmEmail !== '' || flow.alarmAfterFailures !== null || flow.alarmQuietSec !== null
      ? { alarm: { ...emails(flow.alarmEmail), ...alarmPolicyDocOf(flow) } }
      : {}),
    ...deadlinesDocumentOf(flow),
    ...(flow.param !== '' ? { param: flow.param } : {}),
    ...paramsDocumentOf(flow),
  }
}

/** What a plan compares of a flow's settings: as its file says them (see {@link jobSettingsDocument}), and whether its schedule is active, always. */
export function flowSettingsDocument(flow: Flow): Record<string, unknown> {
  const { enabled: _enabled, ...settings } = flowSettingsFields(flow)
  return { ...settings, enabled: flow.triggerStatus === 1 }
}
