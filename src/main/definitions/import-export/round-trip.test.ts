import { describe, expect, it } from 'vitest'
import type { Flow, FlowNodeDef } from '../../../shared/flow-types'
import type { JobGroup, JobInfo, JobLink } from '../../../shared/model'
import { buildExport } from './build-export'
import type { ExportDocument } from './export-document'
import type { PlannedFlow } from './import-flows'
import type { JobRef } from './import-links'
import { flow, group, job, NOW_MS, sampleState } from './import-export.fixtures'
import { planImport, type ImportPlan, type ImportState } from './plan-import'
import { isJobNode } from '../../../shared/flow-types'

/** A planned flow as saved: its job nodes' refs resolved, its schedule started per `active`. */
function savedFlowOf(planned: PlannedFlow, jobIdOf: (ref: JobRef) => number, flowIdOf: (name: string) => number = () => 0): Partial<Flow> {
  const nodes = planned.nodes.map((node): FlowNodeDef => {
    if (node.kind === 'approval' || node.kind === 'switch') return node
    if (node.kind === 'subflow') {
      const { flow, ...rest } = node
      return { ...rest, flowId: flowIdOf(flow) }
    }
    const { job: ref, ...rest } = node
    return { ...rest, jobId: jobIdOf(ref) }
  })
  return { ...planned.settings, nodes, edges: planned.edges, triggerStatus: planned.active ? 1 : 0 }
}

/**
 * What the integrator does with a plan, done in memory: new groups and jobs get fresh ids from
 * `firstId`, `{key}` refs resolve to them, links are upserted, flows created or replaced.
 */
function applyPlan(state: ImportState, plan: ImportPlan, firstId: number): ImportState {
  let nextId = firstId
  const groups: JobGroup[] = state.groups.map((g) => {
    const update = plan.groupsToUpdate.find((u) => u.id === g.id)
    return update ? { ...g, name: update.name, addressType: update.addressType, addressList: update.addressList } : g
  })
  for (const created of plan.groupsToCreate) groups.push(group(nextId++, created.appName, { ...created }))
  const groupIdOf = (appName: string) => groups.find((g) => g.appName === appName)!.id
  const idOfKey = new Map<string, number>()
  const jobs: JobInfo[] = state.jobs.map((j) => {
    const update = plan.jobsToUpdate.find((u) => u.id === j.id)
    return update ? { ...j, ...update.fields, triggerStatus: update.enabled ? 1 : 0 } : j
  })
  for (const created of plan.jobsToCreate) {
    const id = nextId++
    idOfKey.set(created.key, id)
    jobs.push(job(id, created.groupId ?? groupIdOf(created.appName), created.fields.name, { ...created.fields, triggerStatus: created.enabled ? 1 : 0 }))
  }
  const links: JobLink[] = [...state.links]
  for (const planned of plan.linksToSet) {
    const parentJobId = 'jobId' in planned.parent ? planned.parent.jobId : idOfKey.get(planned.parent.key)!
    const childJobId = 'jobId' in planned.child ? planned.child.jobId : idOfKey.get(planned.child.key)!
    const index = links.findIndex((l) => l.parentJobId === parentJobId && l.childJobId === childJobId)
    if (index === -1) links.push({ parentJobId, childJobId, condition: planned.condition })
    else links[index] = { parentJobId, childJobId, condition: planned.condition }
  }
  const jobIdOf = (ref: JobRef) => ('jobId' in ref ? ref.jobId : idOfKey.get(ref.key)!)
  const flows: Flow[] = state.flows.map((saved) => {
    const update = plan.flowsToUpdate.find((u) => u.id === saved.id)
    return update ? { ...saved, ...savedFlowOf(update, jobIdOf) } : saved
  })
  for (const created of plan.flowsToCreate) flows.push(flow(nextId++, created.settings.name, savedFlowOf(created, jobIdOf)))
  return { groups, jobs, links, flows }
}

/** The document with job keys replaced by job names, so exports from two installs compare. */
function byName(doc: ExportDocument) {
  const nameOf = new Map(doc.jobs.map((j) => [j.key, `${j.appName}/${j.name}`]))
  return {
    groups: doc.groups,
    jobs: doc.jobs.map(({ key: _key, ...rest }) => rest).sort((a, b) => a.name.localeCompare(b.name)),
    links: doc.links
      .map((l) => ({ parent: nameOf.get(l.parentKey), child: nameOf.get(l.childKey), condition: l.condition }))
      .sort((a, b) => `${a.parent}>${a.child}`.localeCompare(`${b.parent}>${b.child}`)),
    flows: doc.flows.map((f) => ({ ...f, nodes: f.nodes.map((n) => (n.kind === 'job' ? { ...n, jobKey: nameOf.get(n.jobKey) } : n)) })),
  }
}

const empty = (): ImportState => ({ groups: [], jobs: [], links: [], flows: [] })

describe('export → import round trip', () => {
  it('creates every group, job, link and flow in an empty installation', () => {
    const doc = JSON.parse(JSON.stringify(buildExport({ ...sampleState(), nowMs: NOW_MS })))
    const plan = planImport(doc, empty(), { nowMs: NOW_MS, onConflict: 'update' })
    expect(plan.summary).toEqual({ created: 4, updated: 0, skipped: 0 })
    expect(plan.groupsToCreate.map((g) => g.appName)).toEqual(['billing', 'jobdesk-embedded', 'spare'])
    expect(plan.groupsToUpdate).toEqual([])
    expect(plan.jobsToCreate.map((j) => [j.key, j.appName, j.groupId, j.enabled])).toEqual([
      ['1', 'jobdesk-embedded', null, true],
      ['2', 'billing', null, false],
      ['3', 'jobdesk-embedded', null, true],
      ['5', 'jobdesk-embedded', null, false],
    ])
    expect(plan.linksToSet.map((l) => [l.parent, l.child, l.condition])).toEqual([
      [{ key: '1' }, { key: '2' }, 'SUCCESS'],
      [{ key: '1' }, { key: '5' }, 'ALWAYS'],
      [{ key: '2' }, { key: '3' }, 'FAILURE'],
    ])
    expect(plan.flowSummary).toEqual({ created: 2, updated: 0, skipped: 0 })
    const monthEnd = plan.flowsToCreate.find((f) => f.settings.name === 'month-end')!
    expect(monthEnd.active).toBe(true)
    // Job nodes keep their job by key until the apply knows the new ids; the approval is as it was.
    expect(monthEnd.nodes).toEqual([
      { kind: 'job', key: 'report', job: { key: '1' }, triggerRule: 'all_success' },
      { kind: 'approval', key: 'sign-off', prompt: 'Send the invoices?', timeoutSec: 86_400, triggerRule: 'all_success' },
      { kind: 'job', key: 'invoices', job: { key: '2' }, param: '${nodes.report.output} ${flow.param}', triggerRule: 'all_done' },
    ])

    const imported = applyPlan(empty(), plan, 100)
    const again = buildExport({ ...imported, nowMs: NOW_MS })
    expect(byName(again)).toEqual(byName(doc))
    expect(again.flows[1].nodes.flatMap((n) => (n.kind === 'job' ? [n.jobKey] : []))).toEqual(['103', '104'])
  })

  it('updates every job and creates nothing when imported into the same installation', () => {
    const state = sampleState()
    const doc = buildExport({ ...state, nowMs: NOW_MS })
    const plan = planImport(doc, state, { nowMs: NOW_MS, onConflict: 'update' })
    expect(plan.summary).toEqual({ created: 0, updated: 4, skipped: 0 })
    expect(plan.groupsToCreate).toEqual([])
    expect(plan.groupsToUpdate).toEqual([])
    expect(plan.jobsToUpdate.map((j) => [j.id, j.groupId])).toEqual([
      [1, 1],
      [2, 3],
      [3, 1],
      [5, 1],
    ])
    expect(plan.linksToSet.map((l) => [l.parent, l.child])).toEqual([
      [{ jobId: 1 }, { jobId: 2 }],
      [{ jobId: 1 }, { jobId: 5 }],
      [{ jobId: 2 }, { jobId: 3 }],
    ])
    expect(plan.flowSummary).toEqual({ created: 0, updated: 2, skipped: 0 })
    expect(plan.flowsToUpdate.map((f) => f.id)).toEqual([3, 2])
    expect(plan.flowsToUpdate[1].nodes.flatMap((n) => (n.kind === 'job' ? [n.job] : []))).toEqual([{ jobId: 1 }, { jobId: 2 }])
    expect(byName(buildExport({ ...applyPlan(state, plan, 100), nowMs: NOW_MS }))).toEqual(byName(doc))
  })

  it('skips every job when imported into the same installation with skip; their links are there already', () => {
    const state = sampleState()
    const plan = planImport(buildExport({ ...state, nowMs: NOW_MS }), state, { nowMs: NOW_MS, onConflict: 'skip' })
    expect(plan.summary).toEqual({ created: 0, updated: 0, skipped: 4 })
    expect(plan.jobsSkipped.map((j) => [j.id, j.reason])).toEqual([
      [1, "job 1 'nightly-report' already exists in 'jobdesk-embedded'"],
      [2, "job 2 'send-invoices' already exists in 'billing'"],
      [3, "job 3 'cleanup' already exists in 'jobdesk-embedded'"],
      [5, "job 5 'notify' already exists in 'jobdesk-embedded'"],
    ])
    expect(plan.linksToSet).toEqual([])
    expect(plan.linksSkipped).toEqual([])
    expect(plan.groupsToCreate).toEqual([])
    expect(plan.groupsToUpdate).toEqual([])
    expect(plan.flowSummary).toEqual({ created: 0, updated: 0, skipped: 2 })
    expect(plan.flowsSkipped).toEqual([
      { id: 3, name: 'audit-sign-off' },
      { id: 2, name: 'month-end' },
    ])
  })

  it('creates a flow the installation lacks over jobs it skips and jobs it creates', () => {
    const state = sampleState()
    const doc = buildExport({ ...state, nowMs: NOW_MS })
    // Since the export: the flow was removed and job 2 renamed, so the document's job 2 is new again.
    state.flows = state.flows.filter((f) => f.name !== 'month-end')
    state.jobs = state.jobs.map((j) => (j.id === 2 ? { ...j, name: 'send-invoices-v2' } : j))
    const plan = planImport(doc, state, { nowMs: NOW_MS, onConflict: 'skip' })
    expect(plan.flowSummary).toEqual({ created: 1, updated: 0, skipped: 1 })
    expect(plan.flowsToCreate[0].nodes.flatMap((n) => (n.kind === 'job' ? [n.job] : []))).toEqual([{ jobId: 1 }, { key: '2' }])
    const imported = applyPlan(state, plan, 100)
    expect(imported.flows.find((f) => f.name === 'month-end')!.nodes.flatMap((n) => (isJobNode(n) ? [n.jobId] : []))).toEqual([1, 100])
  })

  it('with skip, adds the links a skipped parent lacks and leaves the conditions of those it has', () => {
    const state = sampleState()
    const doc = buildExport({ ...state, nowMs: NOW_MS })
    // Since the export: 1 → 2 got another condition, 2 → 3 was removed.
    state.links = [
      { parentJobId: 1, childJobId: 2, condition: 'ALWAYS' },
      { parentJobId: 1, childJobId: 5, condition: 'ALWAYS' },
    ]
    const plan = planImport(doc, state, { nowMs: NOW_MS, onConflict: 'skip' })
    expect(plan.linksToSet.map((l) => [l.parent, l.child, l.condition])).toEqual([[{ jobId: 2 }, { jobId: 3 }, 'FAILURE']])
    expect(plan.linksSkipped.map((l) => [l.parentKey, l.childKey, l.condition, l.parentJobId])).toEqual([['1', '2', 'SUCCESS', 1]])
  })

  it('updates changed jobs and groups, and keeps the live address list of an automatic group', () => {
    const state = sampleState()
    const doc = buildExport({ ...state, nowMs: NOW_MS })
    doc.jobs[0].scheduleConf = '0 15 3 * * ?'
    doc.jobs[0].enabled = false
    doc.groups.find((g) => g.appName === 'spare')!.name = 'Spare pool'
    doc.groups.find((g) => g.appName === 'billing')!.addressList = 'http://10.0.0.7:9999'
    const plan = planImport(doc, state, { nowMs: NOW_MS, onConflict: 'update' })
    expect(plan.groupsToUpdate).toEqual([
      { id: 3, appName: 'billing', name: 'billing executors', addressType: 1, addressList: 'http://10.0.0.7:9999' },
      { id: 4, appName: 'spare', name: 'Spare pool', addressType: 0, addressList: 'http://10.0.0.9:9999' },
    ])
    const nightly = plan.jobsToUpdate.find((j) => j.id === 1)!
    expect(nightly.fields.scheduleConf).toBe('0 15 3 * * ?')
    expect(nightly.enabled).toBe(false)
  })

  it('reuses a changed group as it is with skip', () => {
    const state = sampleState()
    const doc = buildExport({ ...state, nowMs: NOW_MS })
    doc.groups[0].name = 'Renamed'
    expect(planImport(doc, state, { nowMs: NOW_MS, onConflict: 'skip' }).groupsToUpdate).toEqual([])
  })

  it('imports a selection next to existing jobs and links a new job under an existing one', () => {
    const state = sampleState()
    const doc = buildExport({ ...state, jobIds: [1], nowMs: NOW_MS })
    doc.jobs.push({ ...doc.jobs[0], key: 'new', name: 'follow-up', enabled: false })
    doc.links.push({ parentKey: '1', childKey: 'new', condition: 'SUCCESS' })
    const plan = planImport(doc, state, { nowMs: NOW_MS, onConflict: 'update' })
    expect(plan.summary).toEqual({ created: 1, updated: 1, skipped: 0 })
    expect(plan.jobsToCreate[0]).toMatchObject({ key: 'new', appName: 'jobdesk-embedded', groupId: 1 })
    expect(plan.linksToSet.map((l) => [l.parent, l.child])).toEqual([[{ jobId: 1 }, { key: 'new' }]])
  })
})
