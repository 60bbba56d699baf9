import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { jobInput } from '../../../test/support/job-input'
import { makeTempDir } from '../../../test/support/temp-dir'
import type { Flow, FlowInput } from '../../shared/flow-types'
import { FlowService } from '../flows/flow-service'
import { nextFlowFireMs } from '../flows/flow-schedule'
import { newGroup } from '../store/group-repo'
import { openSqliteStore } from '../store/sqlite/open-sqlite-store'
import type { Store } from '../store/store'
import type { ExportDocument } from './import-export'
import { ImportService } from './import-service'
import { JobService } from './job-service'
import { isJobNode } from '../../shared/flow-types'

/**
 * Flows travel with an export: onto an empty install they come back with their settings, graph and
 * schedule, their job nodes on the jobs the same import created; a document that names a job it
 * does not hold writes nothing; a flow of the same name is replaced (its runs stay) or kept.
 */
const NOW_MS = Date.UTC(2026, 5, 1, 12)

interface Install {
  store: Store
  jobs: JobService
  flows: FlowService
  imports: ImportService
}

let dir: ReturnType<typeof makeTempDir>
const opened: Store[] = []

async function openInstall(name: string): Promise<Install> {
  const store = openSqliteStore(join(dir.path, `${name}.db`))
  opened.push(store)
  const jobs = new JobService(store, () => NOW_MS)
  return {
    store,
    jobs,
    flows: new FlowService(
      store,
      () => NOW_MS,
      () => 'UTC',
    ),
    imports: new ImportService(store, jobs, () => NOW_MS),
  }
}

beforeEach(() => {
  dir = makeTempDir('jobdesk-import-flows-')
})
afterEach(async () => {
  for (const store of opened.splice(0)) await store.close()
  dir.remove()
})

/** An install with two jobs and the active flow "month-end": report, a sign-off, then the invoices. */
async function source(): Promise<Install & { flow: Flow }> {
  const install = await openInstall('source')
  const groupId = await install.store.groups.insert(newGroup('billing', 'Billing', NOW_MS))
  const save = async (name: string) => (await install.jobs.save(jobInput(groupId, { name, scheduleType: 'NONE', scheduleConf: '' }))).id
  const [report, invoices] = [await save('report'), await save('invoices')]
  const added = await install.flows.add({
    name: 'month-end',
    description: 'Invoices after the report, once signed off',
    scheduleType: 'CRON',
    scheduleConf: '0 0 6 1 * ?',
    timezone: 'Europe/Berlin',
    maxActiveRuns: 2,
    overlap: 'QUEUE',
    param: 'month=current',
    nodes: [
      { key: 'report', jobId: report },
      { kind: 'approval', key: 'sign-off', prompt: 'Send the invoices?', timeoutSec: 3600 },
      { key: 'invoices', jobId: invoices, param: '${nodes.report.output}', triggerRule: 'all_done' },
    ],
    edges: [
      { from: 'report', to: 'sign-off' },
      { from: 'sign-off', to: 'invoices' },
    ],
  } satisfies FlowInput)
  return { ...install, flow: await install.flows.setActive(added.id, true) }
}

/** A flow as another install would compare it: job nodes by job name, no ids or times. */
async function comparable(install: Install, flow: Flow) {
  const nameOf = new Map((await install.store.jobs.list()).map((j) => [j.id, j.name]))
  const { id: _id, addTimeMs: _added, updateTimeMs: _updated, triggerLastTimeMs: _last, ...rest } = flow
  return { ...rest, nodes: flow.nodes.map((node) => (isJobNode(node) ? { ...node, jobId: nameOf.get(node.jobId) } : node)) }
}

const copy = (doc: ExportDocument): ExportDocument => JSON.parse(JSON.stringify(doc))

describe('import restores flows', () => {
  it('export → import onto an empty install: the flow comes back on the new jobs, active, with its next fire time', async () => {
    const from = await source()
    const doc = copy(await from.imports.exportJobs())
    expect(doc.version).toBe(2)
    const to = await openInstall('target')

    const report = await to.imports.importJobs(doc, 'skip')
    expect(report).toMatchObject({ created: 2, flows: { created: 1, updated: 0, skipped: 0 }, notes: [] })
    const [imported] = await to.store.flows.all()
    expect(await comparable(to, imported)).toEqual(await comparable(from, from.flow))
    expect(imported.triggerStatus).toBe(1)
    expect(imported.triggerNextTimeMs).toBe(nextFlowFireMs(imported, NOW_MS))
    expect(imported.triggerNextTimeMs).toBeGreaterThan(NOW_MS)
    const jobIds = new Set((await to.store.jobs.list()).map((j) => j.id))
    for (const node of imported.nodes) if (isJobNode(node)) expect(jobIds.has(node.jobId)).toBe(true)
  })

  it('refuses a flow whose job key names no job of the document, writing nothing', async () => {
    const from = await source()
    const doc = copy(await from.imports.exportJobs())
    const node = doc.flows[0].nodes[2]
    if (node.kind !== 'job') throw new Error('the sample flow ends in a job node')
    node.jobKey = 'gone'
    const to = await openInstall('target')

    await expect(to.imports.importJobs(doc, 'update')).rejects.toMatchObject({
      code: 'import.refused',
      problems: [
        expect.objectContaining({
          field: 'flows[0].nodes[2].jobKey',
          code: 'import.flowJobKeyMissing',
          params: { key: 'gone', node: 'invoices', flow: 'month-end' },
        }),
      ],
    })
    expect([await to.store.groups.list(), await to.store.jobs.list(), await to.store.flows.all()]).toEqual([[], [], []])
  })

  it('on a flow of the same name: skip keeps it and says so, update replaces it and keeps its id and runs', async () => {
    const from = await source()
    const doc = copy(await from.imports.exportJobs())
    const { triggerStatus: _status, triggerNextTimeMs: _next, triggerLastTimeMs: _last, addTimeMs: _added, updateTimeMs: _updated, ...input } = from.flow
    const edited = await from.flows.update({ ...input, description: 'edited since', nodes: input.nodes.slice(0, 1), edges: [] })
    await from.flows.setActive(edited.id, false)
    await from.store.transaction((tx) =>
      tx.flowRuns.insertRun(
        {
          flowId: edited.id,
          state: 'success',
          triggerType: 'MANUAL',
          param: '',
          scheduleTimeMs: null,
          definition: edited,
          startTimeMs: NOW_MS,
          addTimeMs: NOW_MS,
        },
        ['report'],
      ),
    )

    const skipped = await from.imports.importJobs(doc, 'skip')
    expect(skipped.flows).toEqual({ created: 0, updated: 0, skipped: 1 })
    expect(skipped.noteMessages).toContainEqual({ code: 'import.flowSkipped', params: { name: 'month-end', id: edited.id } })
    expect(skipped.notes).toContain(`flow 'month-end' skipped: flow ${edited.id} 'month-end' already exists`)
    expect((await from.store.flows.get(edited.id))!).toMatchObject({ description: 'edited since', triggerStatus: 0 })

    const updated = await from.imports.importJobs(doc, 'update')
    expect(updated.flows).toEqual({ created: 0, updated: 1, skipped: 0 })
    const replaced = (await from.store.flows.all())[0]
    expect(replaced.id).toBe(edited.id)
    expect(await comparable(from, replaced)).toEqual(await comparable(from, from.flow))
    expect((await from.store.flowRuns.list({ flowId: edited.id, limit: 10 })).map((run) => run.definition.nodes.length)).toEqual([1])
  })
})
