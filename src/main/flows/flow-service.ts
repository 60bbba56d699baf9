import { itemRunsOf } from './fan-out-view'
import type { Flow, FlowInput, FlowRun, FlowRunFilter, FlowRunPage, FlowSettings, FlowSummary } from '../../shared/flow-types'
import { placementMessages, readsParamAsRequest } from '../../shared/flow-references'
import { conflict, invalidField, notFound } from '../../shared/messages/coded-errors'
import { validateSchedule } from '../schedule'
import { parseFlowInput } from './flow-input'
import type { FlowRunRecord } from '../domain/flows'
import type { RepoAccess, Repos } from '../store/store'
import { flowFromChain } from './chain-to-flow'
import { nextFlowFireMs } from './flow-schedule'
import { ScheduleBook } from '../calendars/schedule-book'
import { defaultFlowSettings } from '../../shared/flow-defaults'
import { isJobNode } from '../../shared/flow-types'
import { checkSubflows, flowsUsingAsSubflow } from './subflow-rules'
import { subflowLinks } from './subflow-links'

type FlowRepos = Pick<Repos, 'flows' | 'flowRuns' | 'jobs' | 'links' | 'calendars' | 'pools'>

/** Cells of the Flows page's grid: each flow's latest runs. */
const GRID_RUNS = 20
const RUN_PAGE_MAX = 500

/**
 * Flow definitions and the views of their runs. A save is checked as a whole first (the schema: keys,
 * rules, a cycle with its path, parameters naming only ancestors; then every job node's job exists)
 * and writes nothing when a check fails. A new flow starts paused.
 */
export class FlowService {
  constructor(
    private readonly store: RepoAccess<'flows' | 'flowRuns' | 'flowItems' | 'jobs' | 'links' | 'calendars' | 'deadlines' | 'pools'>,
    private readonly nowMs: () => number,
    /** The zone a flow that names none reads its cron in: this machine's. */
    private readonly defaultTimezone: () => string,
  ) {}

  async list(): Promise<FlowSummary[]> {
    const [flows, recent, active] = await Promise.all([this.store.flows.all(), this.store.flowRuns.recentByFlow(GRID_RUNS), this.store.flowRuns.activeRuns()])
    return flows.map((flow) => ({
      flow,
      recentRuns: (recent.get(flow.id) ?? []).map(({ id, state, startTimeMs, endTimeMs }) => ({ id, state, startTimeMs, endTimeMs })),
      activeRunCount: active.filter((r) => r.flowId === flow.id).length,
    }))
  }

  async get(id: number): Promise<Flow> {
    const flow = await this.store.flows.get(id)
    if (!flow) throw notFound('flow.notFound', { id })
    return flow
  }

  add(raw: unknown): Promise<Flow> {
    return this.store.transaction(async (tx) => {
      const { input } = await this.checked(tx, raw)
      if (await tx.flows.getByName(input.name)) throw conflict('flow.nameTaken', { name: input.name })
      const nowMs = this.nowMs()
      const id = await tx.flows.insert({
        ...settingsOf(input),
        triggerStatus: 0,
        triggerNextTimeMs: 0,
        triggerLastTimeMs: 0,
        addTimeMs: nowMs,
        updateTimeMs: nowMs,
      })
      return (await tx.flows.get(id))!
    })
  }

  update(raw: unknown): Promise<Flow> {
    return this.store.transaction(async (tx) => {
      const { input, book } = await this.checked(tx, raw)
      const before = input.id === undefined ? null : await tx.flows.get(input.id)
      if (!before) throw notFound('flow.notFound', { id: input.id ?? 0 })
      const named = await tx.flows.getByName(input.name)
      if (named && named.id !== before.id) throw conflict('flow.nameTaken', { name: input.name })
      const nowMs = this.nowMs()
      const triggerNextTimeMs = before.triggerStatus === 1 ? nextFlowFireMs(book.specOf(input as Flow), nowMs) : 0
      await tx.flows.update({ ...before, ...settingsOf(input), triggerNextTimeMs, updateTimeMs: nowMs })
      return (await tx.flows.get(before.id))!
    })
  }

  async remove(id: number): Promise<void> {
    await this.store.transaction(async (tx) => {
      await this.getIn(tx, id)
      const active = (await tx.flowRuns.activeRuns()).filter((r) => r.flowId === id).length
      if (active > 0) throw conflict('flow.hasActiveRuns', { id, count: active })
      const users = flowsUsingAsSubflow(id, await tx.flows.all())
      if (users.length > 0) throw conflict('flow.usedAsSubflow', { id, flows: users })
      await tx.flows.delete(id)
    })
  }

  async setActive(id: number, active: boolean): Promise<Flow> {
    return this.store.transaction(async (tx) => {
      const flow = await this.getIn(tx, id)
      const nowMs = this.nowMs()
      const next = active ? nextFlowFireMs((await ScheduleBook.readFor(tx, [flow.calendar])).specOf(flow), nowMs) : 0
      await tx.flows.setSchedule(id, active ? 1 : 0, next, nowMs)
      return (await tx.flows.get(id))!
    })
  }

  /** The flows a job is a node of, by name (a job in a flow is not deleted from under it). */
  async flowsUsing(jobId: number): Promise<string[]> {
    return (await this.store.flows.all()).filter((f) => f.nodes.some((n) => isJobNode(n) && n.jobId === jobId)).map((f) => f.name)
  }

  /** A new, paused flow of the chain below a job, with the root job's schedule; the chain stays as it is. */
  async fromChain(rootJobId: number, name: string): Promise<Flow> {
    const root = await this.store.jobs.get(rootJobId)
    if (!root) throw notFound('job.notFound', { id: rootJobId })
    const jobs = await this.store.jobs.list()
    const { definition } = flowFromChain(rootJobId, jobs, await this.store.links.all())
    if (definition.edges.length === 0) throw invalidField('rootJobId', 'flow.chainHasNoChildren', { id: rootJobId })
    return this.add({
      name,
      description: `Made from the child-job chain of job ${rootJobId} (${root.name})`,
      scheduleType: root.scheduleType,
      scheduleConf: root.scheduleConf,
      timezone: root.timezone,
      misfireStrategy: root.misfireStrategy,
      ...definition,
    } satisfies FlowInput)
  }

  async run(id: number): Promise<FlowRun> {
    const record = await this.store.flowRuns.get(id)
    if (!record) throw notFound('flow.runNotFound', { id })
    return (await this.views([record]))[0]
  }

  async runs(filter: FlowRunFilter): Promise<FlowRunPage> {
    const limit = Math.min(filter.limit ?? 50, RUN_PAGE_MAX)
    const records = await this.store.flowRuns.list({ flowId: filter.flowId, state: filter.state, beforeId: filter.beforeId, limit: limit + 1 })
    const page = records.slice(0, limit)
    return { runs: await this.views(page), nextBeforeId: records.length > limit ? page[page.length - 1].id : null }
  }

  private async views(records: readonly FlowRunRecord[]): Promise<FlowRun[]> {
    const names = new Map<number, string>()
    const views: FlowRun[] = []
    for (const { parentRun, ...record } of records) {
      if (!names.has(record.flowId)) names.set(record.flowId, (await this.store.flows.get(record.flowId))?.name ?? '')
      const [nodes, runIds, links] = await Promise.all([
        this.store.flowRuns.nodes(record.id),
        this.store.flowRuns.runIdsOf(record.id),
        subflowLinks(this.store.flowRuns, record, parentRun),
      ])
      const marks = await this.store.deadlines.jobRunMarks([...runIds.values()].flat())
      const items = await itemRunsOf(this.store, record.id, nodes)
      const order = new Map(record.definition.nodes.map((n, i) => [n.key, i]))
      views.push({
        ...record,
        flowName: names.get(record.flowId)!,
        parent: links.parent,
        nodes: nodes
          .map(({ key, state, output, outputCutFromBytes, startTimeMs, endTimeMs, note, attempt }) => ({
            key,
            state,
            runIds: runIds.get(key) ?? [],
            output,
            outputCutFromBytes,
            startTimeMs,
            endTimeMs,
            note,
            // The promises its job's runs broke (their own deadlines; the flow's are the run's).
            deadlineMarks: (runIds.get(key) ?? []).reduce((all, id) => all | (marks.get(id) ?? 0), 0),
            ...(items.has(key) && { items: items.get(key) }),
            ...links.childOf(key, attempt),
          }))
          .sort((a, b) => (order.get(a.key) ?? 0) - (order.get(b.key) ?? 0)),
      })
    }
    return views
  }

  private async getIn(tx: Pick<Repos, 'flows'>, id: number): Promise<Flow> {
    const flow = await tx.flows.get(id)
    if (!flow) throw notFound('flow.notFound', { id })
    return flow
  }

  /** The schema's checks, then every job node's job must exist, and take its parameter's references where its handler reads them as values. */
  private async checked(tx: FlowRepos, raw: unknown): Promise<{ input: FlowInput; book: ScheduleBook }> {
    const given = raw !== null && typeof raw === 'object' ? (raw as Record<string, unknown>) : {}
    const input = parseFlowInput(given.timezone ? raw : { ...given, timezone: this.defaultTimezone() })
    const book = await ScheduleBook.readFor(tx, [input.calendar])
    const days = input.calendar === null ? undefined : book.daysOf(input.calendar)
    if (input.calendar !== null && days === undefined) throw invalidField('calendar', 'calendar.notFound', { name: input.calendar })
    validateSchedule(book.specOf(input), this.nowMs())
    for (const [index, node] of input.nodes.entries()) {
      if (!isJobNode(node)) continue
      const { jobId, key, param, pools } = node
      const job = await tx.jobs.get(jobId)
      if (!job) throw invalidField(`nodes.${index}.jobId`, 'flow.nodeJobMissing', { key, id: jobId })
      const known = await tx.pools.sizes((pools ?? []).map((p) => p.name))
      const missing = (pools ?? []).find((p) => !known.has(p.name))
      if (missing) throw invalidField(`nodes[${index}].pools`, 'pool.unknown', { name: missing.name })
      // Only here is the node's handler known: one that reads its parameter as a request takes references only in JSON.
      const [problem] = param !== undefined && readsParamAsRequest(job) ? placementMessages(param, key, true) : []
      if (problem) throw invalidField(`nodes[${index}].param`, problem.code, problem.params)
    }
    const subflowProblem = input.nodes.some((n) => n.kind === 'subflow')
      ? checkSubflows({ id: input.id ?? null, name: input.name, nodes: input.nodes }, await tx.flows.all())
      : null
    if (subflowProblem) throw invalidField(subflowProblem.field, subflowProblem.code, subflowProblem.params)
    return { input, book }
  }
}

/** The flow's own columns from an input the schema filled its defaults into. */
function settingsOf(input: FlowInput): Omit<Flow, 'id' | 'triggerStatus' | 'triggerNextTimeMs' | 'triggerLastTimeMs' | 'addTimeMs' | 'updateTimeMs'> {
  const { id: _id, nodes, edges, ...given } = input
  const defined = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined)) as Partial<FlowSettings>
  return { ...defaultFlowSettings(input.name, ''), ...defined, nodes, edges }
}
