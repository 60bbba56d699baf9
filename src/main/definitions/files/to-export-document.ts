import { DEADLINE_FIELD_PATHS, deadlineTermsOfDocument } from './deadline-documents'
import { joinAddressList, splitAddressList } from '../../../shared/address-list'
import { jobOriginKey, type DefinitionKind } from '../../../shared/definition-origin'
import type { DefinitionSource } from '../../../shared/definition-plan'
import {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  FLOW_SETTING_FIELDS,
  type ExportDocument,
  type ExportedFlow,
  type ExportedFlowNode,
  type ExportedGroup,
  type ExportedJob,
  type ExportedLink,
  type JobFields,
} from '../import-export/export-document'
import {
  CHILD_CONDITIONS,
  definitionDocumentSchema,
  type DefinitionDocument,
  type PoolDocument,
  type FlowDocument,
  type GroupDocument,
  type JobDocument,
} from '../../../shared/schema/definition-files'
import type { WindowDocument } from '../../../shared/schema/window-document'
import type { LlmProviderDocument } from '../../../shared/schema/llm-provider'
import { ImportProblems } from '../import-export/import-problems'
import { collectProblems } from '../import-export/import-schemas'
import { calendarOf, type DeclaredCalendar } from './calendar-documents'
import { DEFAULT_PRIORITY, priorityOf } from '../../../shared/capacity'
import { paramsFieldsOfDocument } from './param-documents'

/**
 * Definition files (shared/schema/definition-files.ts) as an export document, so the import's
 * planner checks them with every rule the editors have (a cron that parses, a handler, a cycle)
 * and matches them to the server's objects by name. Each part of the document remembers the file
 * document it came from, so a problem the planner finds at `jobs[3].scheduleConf` is told at
 * `sources[7].document.schedule.cron` — which the CLI turns into file:line:column.
 */
export interface ConvertedDefinitions {
  document: ExportDocument
  /** Every object the files declare, by kind and key, with its file. */
  declared: Map<string, { kind: DefinitionKind; key: string; file: string }>
  /**
   * The document path of a planner's problem (`jobs[3].scheduleConf` → `sources[7].document.schedule`);
   * a cycle of links, which the planner tells as `links` with the cycle's jobs, is told at the first
   * job's `children`.
   */
  pathOf(importPath: string, params?: Record<string, unknown>): string
  /** The keys of the children each job of the files has, by job key (`appName/name`). */
  childrenOf: Map<string, ExportedLink[]>
  /** The files' maintenance windows, each with its place in the request: not the import's, planned apart (./window-definitions.ts). */
  windows: { index: number; file: string; doc: WindowDocument }[]
  /** The calendars the files declare, each with its document's place (planned by plan-calendars.ts, not the import's planner). */
  calendars: DeclaredCalendar[]
  /** The resource pools the files declare (planned by pool-definitions.ts, written before the jobs that name them). */
  pools: PoolDocument[]
  /** The groups' LLM providers the files declare (planned by llm-provider-definitions.ts, written after the groups). */
  llmProviders: { index: number; doc: LlmProviderDocument }[]
}

/** Where a job's fields are in its file document. */
export const JOB_FIELD_PATHS: Record<keyof JobFields | 'enabled' | 'appName', string> = {
  name: 'name',
  author: 'author',
  alarmEmail: 'alarm.email',
  scheduleType: 'schedule',
  scheduleConf: 'schedule',
  timezone: 'schedule.timezone',
  calendar: 'schedule.calendar',
  calendarRule: 'schedule.rule',
  calendarRoll: 'schedule.roll',
  misfireStrategy: 'schedule.misfire',
  executorRouteStrategy: 'routing',
  executorHandler: 'handler',
  executorParam: 'param',
  executorBlockStrategy: 'block',
  executorTimeoutSec: 'timeoutSec',
  executorFailRetryCount: 'retry.count',
  retryBackoff: 'retry.backoff',
  retryIntervalSec: 'retry.intervalSec',
  retryMaxIntervalSec: 'retry.maxIntervalSec',
  alarmOnEveryFailure: 'alarm.everyFailure',
  alarmAfterFailures: 'alarm.afterFailures',
  alarmQuietSec: 'alarm.quietSec',
  glueType: 'glue.type',
  glueSource: 'glue.source',
  glueRemark: 'glue.remark',
  ...DEADLINE_FIELD_PATHS,
  pools: 'pools',
  priority: 'priority',
  maxConcurrent: 'maxConcurrent',
  params: 'params',
  paramFormat: 'paramFormat',
  paramTemplate: 'paramTemplate',
  env: 'env',
  enabled: 'enabled',
  appName: 'group',
}

/** Where a flow's settings are in its file document. */
export const FLOW_FIELD_PATHS: Record<(typeof FLOW_SETTING_FIELDS)[number] | 'active' | 'nodes' | 'edges', string> = {
  name: 'name',
  description: 'description',
  scheduleType: 'schedule',
  scheduleConf: 'schedule',
  timezone: 'schedule.timezone',
  calendar: 'schedule.calendar',
  calendarRule: 'schedule.rule',
  calendarRoll: 'schedule.roll',
  misfireStrategy: 'schedule.misfire',
  maxActiveRuns: 'maxActiveRuns',
  overlap: 'overlap',
  timeoutSec: 'timeoutSec',
  alarmEmail: 'alarm.email',
  alarmAfterFailures: 'alarm.afterFailures',
  alarmQuietSec: 'alarm.quietSec',
  param: 'param',
  ...DEADLINE_FIELD_PATHS,
  params: 'params',
  paramFormat: 'paramFormat',
  paramTemplate: 'paramTemplate',
  active: 'enabled',
  nodes: 'nodes',
  edges: 'edges',
}

const NODE_FIELD_PATHS: Record<string, string> = { jobKey: 'job', triggerRule: 'rule' }
export const GROUP_FIELD_PATHS: Record<string, string> = { appName: 'name', name: 'title', addressType: 'addresses', addressList: 'addresses' }

/** A job's fields and state from its file document (absent fields take the editor's defaults). */
export function jobFieldsOf(doc: JobDocument, defaultTimezone: string): JobFields {
  const { schedule, glue, retry, alarm } = doc
  return {
    name: doc.name.trim(),
    author: doc.author ?? '',
    alarmEmail: emailText(alarm?.email),
    ...scheduleFieldsOf(schedule, defaultTimezone),
    executorRouteStrategy: doc.routing ?? 'FIRST',
    executorHandler: doc.handler ?? '',
    executorParam: doc.param ?? '',
    executorBlockStrategy: doc.block ?? 'SERIAL_EXECUTION',
    executorTimeoutSec: doc.timeoutSec ?? 0,
    executorFailRetryCount: retry?.count ?? 0,
    retryBackoff: retry?.backoff ?? 'NONE',
    retryIntervalSec: retry?.intervalSec ?? 0,
    retryMaxIntervalSec: retry?.maxIntervalSec ?? 0,
    alarmOnEveryFailure: alarm?.everyFailure ?? false,
    alarmAfterFailures: alarm?.afterFailures ?? null,
    alarmQuietSec: alarm?.quietSec ?? null,
    glueType: glue?.type ?? 'BEAN',
    glueSource: glue?.source ?? '',
    glueRemark: glue?.remark ?? '',
    ...deadlineTermsOfDocument(doc.deadlines),
    ...capacityFieldsOf(doc),
    ...paramsFieldsOfDocument(doc),
    ...(doc.env && Object.keys(doc.env).length > 0 ? { env: { ...doc.env } } : {}),
  }
}

/** A job's capacity fields from its document, each only when it is not the default (as the store reads them back). */
function capacityFieldsOf(doc: JobDocument): Pick<JobFields, 'pools' | 'priority' | 'maxConcurrent'> {
  const priority = doc.priority === undefined ? DEFAULT_PRIORITY : priorityOf(doc.priority)!
  return {
    ...(doc.pools?.length ? { pools: doc.pools.map((p) => ({ name: p.name, slots: p.slots ?? 1 })) } : {}),
    ...(priority !== DEFAULT_PRIORITY ? { priority } : {}),
    ...(doc.maxConcurrent ? { maxConcurrent: doc.maxConcurrent } : {}),
  }
}

/** The schedule's fields of a job or a flow from its file document. */
export function scheduleFieldsOf(
  schedule: JobDocument['schedule'],
  defaultTimezone: string,
): Pick<JobFields, 'scheduleType' | 'scheduleConf' | 'timezone' | 'calendar' | 'calendarRule' | 'calendarRoll' | 'misfireStrategy'> {
  return {
    scheduleType: schedule === undefined ? 'NONE' : schedule.cron !== undefined ? 'CRON' : schedule.businessDays !== undefined ? 'BUSINESS_DAY' : 'FIX_RATE',
    scheduleConf: schedule === undefined ? '' : (schedule.cron ?? schedule.businessDays ?? String(schedule.fixedRate)),
    timezone: schedule?.timezone ?? defaultTimezone,
    calendar: schedule?.calendar ?? null,
    calendarRule: schedule?.rule ?? 'BUSINESS_DAYS',
    calendarRoll: schedule?.roll ?? 'SKIP',
    misfireStrategy: schedule?.misfire ?? 'DO_NOTHING',
  }
}

function emailText(email: string | string[] | undefined): string {
  if (email === undefined) return ''
  return joinAddressList(splitAddressList(email))
}

/** The objects' keys, as origins and plans name them. */
export const objectId = (kind: DefinitionKind, key: string): string => `${kind}:${key}`

/**
 * Reads every source, reporting each problem with its path (`sources[2].document.retry.count`).
 * @throws ImportValidationError listing every problem; nothing is planned then.
 */
export function toExportDocument(sources: readonly DefinitionSource[], defaultTimezone: string, nowMs: number): ConvertedDefinitions {
  const problems = new ImportProblems()
  const at = (index: number, field = '') => `sources[${index}].document${field === '' ? '' : `.${field}`}`
  const parsed: { index: number; file: string; doc: DefinitionDocument }[] = []
  sources.forEach((source, index) => {
    const doc = collectProblems(definitionDocumentSchema, source.document, at(index), problems)
    if (doc) parsed.push({ index, file: source.file, doc })
  })

  const declared = new Map<string, { kind: DefinitionKind; key: string; file: string; index: number }>()
  const declare = (kind: DefinitionKind, key: string, file: string, index: number, nameField: string) => {
    const id = objectId(kind, key)
    const first = declared.get(id)
    if (first) problems.add(at(index, nameField), 'definitions.definedTwice', { kind, name: key, file: `${first.file} (${at(first.index)})` })
    else declared.set(id, { kind, key, file, index })
  }
  for (const { index, file, doc } of parsed) {
    if (doc.kind === 'Group') declare('Group', doc.name, file, index, 'name')
    else if (doc.kind === 'Job') declare('Job', jobOriginKey(doc.group, doc.name.trim()), file, index, 'name')
    else if (doc.kind === 'Flow') declare('Flow', doc.name.trim(), file, index, 'name')
    else if (doc.kind === 'Calendar') declare('Calendar', doc.name, file, index, 'name')
    else if (doc.kind === 'Pool') declare('Pool', doc.name, file, index, 'name')
    else if (doc.kind === 'LlmProvider') declare('LlmProvider', doc.name, file, index, 'name')
    else declare('Window', doc.name.trim(), file, index, 'name')
  }

  const groups: ExportedGroup[] = []
  const groupSources: number[] = []
  const jobs: ExportedJob[] = []
  const jobSources: number[] = []
  const links: ExportedLink[] = []
  const linkSources: { index: number; child: number }[] = []
  const flows: ExportedFlow[] = []
  const flowSources: number[] = []
  const windows: ConvertedDefinitions['windows'] = []
  const childrenOf = new Map<string, ExportedLink[]>()
  const calendars: DeclaredCalendar[] = []
  const pools: PoolDocument[] = []
  const llmProviders: ConvertedDefinitions['llmProviders'] = []
  const jobDeclared = (key: string) => declared.has(objectId('Job', key))

  for (const { index, file, doc } of parsed) {
    if (doc.kind === 'Group') {
      groups.push(groupOf(doc))
      groupSources.push(index)
    } else if (doc.kind === 'Job') {
      const key = jobOriginKey(doc.group, doc.name.trim())
      if (doc.glue?.sourceFile !== undefined) problems.add(at(index, 'glue.sourceFile'), 'definitions.sourceFileUnread')
      if (doc.enabled === true && doc.schedule === undefined) problems.add(at(index, 'enabled'), 'definitions.scheduleEnabled')
      jobs.push({ key, appName: doc.group, enabled: doc.enabled ?? doc.schedule !== undefined, ...jobFieldsOf(doc, defaultTimezone) })
      jobSources.push(index)
      const own: ExportedLink[] = []
      ;(doc.children ?? []).forEach((child, childIndex) => {
        const ref =
          typeof child === 'string' ? { job: child, group: doc.group, on: 'success' as const } : { group: doc.group, on: 'success' as const, ...child }
        const childKey = jobOriginKey(ref.group, ref.job.trim())
        if (!jobDeclared(childKey)) {
          problems.add(at(index, `children[${childIndex}]`), 'definitions.childUnknown', { name: ref.job, group: ref.group })
          return
        }
        const link = { parentKey: key, childKey, condition: CHILD_CONDITIONS[ref.on] }
        own.push(link)
        links.push(link)
        linkSources.push({ index, child: childIndex })
      })
      childrenOf.set(key, own)
    } else if (doc.kind === 'Window') {
      windows.push({ index, file, doc })
    } else if (doc.kind === 'Calendar') {
      calendars.push({ calendar: calendarOf(doc), index })
    } else if (doc.kind === 'Pool') {
      pools.push(doc)
    } else if (doc.kind === 'LlmProvider') {
      llmProviders.push({ index, doc })
    } else {
      const flow = flowOf(
        doc,
        defaultTimezone,
        (nodeIndex, problem) => problems.add(at(index, `nodes[${nodeIndex}].${problem.field}`), problem.code, problem.params),
        jobDeclared,
      )
      flows.push(flow)
      flowSources.push(index)
    }
  }
  problems.throwIfAny()

  const jobSourceByKey = new Map(jobs.map((job, i) => [job.key, jobSources[i]]))
  const pathOf = (importPath: string, params: Record<string, unknown> = {}): string => {
    if (importPath === 'links' && Array.isArray(params.path)) {
      const first = /^'(.+?)'/.exec(String(params.path[0]))?.[1]
      const index = first === undefined ? undefined : jobSourceByKey.get(first)
      if (index !== undefined) return at(index, 'children')
    }
    const match = /^(groups|jobs|links|flows)\[(\d+)\](?:\.(.*))?$/.exec(importPath)
    if (!match) return importPath
    const [, part, position, rest = ''] = match
    const i = Number(position)
    const head = rest.split(/[.[]/)[0]
    if (part === 'groups') return at(groupSources[i], GROUP_FIELD_PATHS[head] ?? '')
    if (part === 'jobs') return at(jobSources[i], JOB_FIELD_PATHS[head as keyof typeof JOB_FIELD_PATHS] ?? '')
    if (part === 'links') return at(linkSources[i].index, `children[${linkSources[i].child}]`)
    const nodeMatch = /^nodes\[(\d+)\](?:\.(\w+))?/.exec(rest)
    if (nodeMatch) return at(flowSources[i], `nodes[${nodeMatch[1]}]${nodeMatch[2] ? `.${NODE_FIELD_PATHS[nodeMatch[2]] ?? nodeMatch[2]}` : ''}`)
    const edgeMatch = /^edges\[(\d+)\]/.exec(rest)
    if (edgeMatch) return at(flowSources[i], `edges[${edgeMatch[1]}]`)
    return at(flowSources[i], FLOW_FIELD_PATHS[head as keyof typeof FLOW_FIELD_PATHS] ?? '')
  }

  const document: ExportDocument = { format: EXPORT_FORMAT, version: EXPORT_VERSION, exportedAtMs: nowMs, groups, jobs, links, flows }
  return { document, declared, pathOf, childrenOf, windows, calendars, pools, llmProviders }
}

function groupOf(doc: GroupDocument): ExportedGroup {
  const addresses = doc.addresses ?? []
  return { appName: doc.name, name: doc.title ?? doc.name, addressType: addresses.length > 0 ? 1 : 0, addressList: addresses.join(',') }
}

interface NodeProblem {
  field: string
  code: 'definitions.nodeJobUnknown' | 'definitions.nodeGroupMissing'
  params: Record<string, string>
}

function flowOf(
  doc: FlowDocument,
  defaultTimezone: string,
  report: (nodeIndex: number, problem: NodeProblem) => void,
  jobDeclared: (key: string) => boolean,
): ExportedFlow {
  const nodes = doc.nodes.map((node, nodeIndex): ExportedFlowNode => {
    const rule = node.rule === undefined ? {} : { triggerRule: node.rule }
    if (node.kind === 'approval') {
      return {
        kind: 'approval',
        key: node.key,
        ...rule,
        ...(node.prompt === undefined ? {} : { prompt: node.prompt }),
        ...(node.timeoutSec ? { timeoutSec: node.timeoutSec } : {}),
      }
    }
    // A subflow's flow is found by name when the import is planned: in these files or on the server.
    if (node.kind === 'subflow')
      return { kind: 'subflow', key: node.key, flow: node.flow?.trim() ?? '', ...rule, ...(node.param === undefined ? {} : { param: node.param }) }
    if (node.kind === 'switch')
      return { kind: 'switch', key: node.key, cases: node.cases ?? [], ...(node.default === undefined ? {} : { default: node.default }), ...rule }
    const group = node.group ?? doc.group
    const name = node.job?.trim() ?? ''
    if (group === undefined) report(nodeIndex, { field: 'group', code: 'definitions.nodeGroupMissing', params: { key: node.key } })
    else if (!jobDeclared(jobOriginKey(group, name))) report(nodeIndex, { field: 'job', code: 'definitions.nodeJobUnknown', params: { name, group } })
    return {
      kind: 'job',
      key: node.key,
      jobKey: jobOriginKey(group ?? '', name),
      ...rule,
      ...(node.param === undefined ? {} : { param: node.param }),
      ...(node.pools === undefined ? {} : { pools: node.pools.map((p) => ({ name: p.name, slots: p.slots ?? 1 })) }),
      ...(node.priority === undefined ? {} : { priority: priorityOf(node.priority)! }),
      ...(node.forEach === undefined ? {} : { forEach: node.forEach }),
      ...(node.forEachConcurrency === undefined ? {} : { forEachConcurrency: node.forEachConcurrency }),
      ...(node.forEachRule === undefined ? {} : { forEachRule: node.forEachRule }),
    }
  })
  const { schedule } = doc
  return {
    name: doc.name.trim(),
    description: doc.description ?? '',
    ...scheduleFieldsOf(schedule, defaultTimezone),
    // A flow keeps no zone unless its schedule reads one (a cron or business days).
    timezone: schedule?.timezone ?? (schedule?.cron !== undefined || schedule?.businessDays !== undefined ? defaultTimezone : ''),
    maxActiveRuns: doc.maxActiveRuns ?? 1,
    overlap: doc.overlap ?? 'SKIP',
    timeoutSec: doc.timeoutSec ?? 0,
    alarmEmail: emailText(doc.alarm?.email),
    alarmAfterFailures: doc.alarm?.afterFailures ?? null,
    alarmQuietSec: doc.alarm?.quietSec ?? null,
    param: doc.param ?? '',
    ...deadlineTermsOfDocument(doc.deadlines),
    ...paramsFieldsOfDocument(doc),
    active: doc.enabled ?? schedule !== undefined,
    nodes,
    edges: doc.edges ?? [],
  }
}
