import { describe, expect, it } from 'vitest'
import { freshSqliteStore } from '../../../test/support/temp-sqlite-store'
import { jobInput } from '../../../test/support/job-input'
import type { JobGroup, RouteStrategy } from '../../shared/model'
import { RunWriter } from '../completion/run-writer'
import { SUCCESS, type ExecutorApi } from '../executor/executor-api'
import { silentLogger } from '../kernel/logger'
import { storedJobOf } from '../store/job-repo'
import { ExecutorDirectory } from '../trigger/executor-directory'
import { prepareOneOffRuns } from '../trigger/prepare-runs'
import { createRouters } from '../trigger/routing'
import { triggerRun } from '../trigger/trigger-run'
import { RunControl } from './run-control'

const NOW_MS = Date.UTC(2026, 2, 1, 9, 0, 0)
const A = 'http://127.0.0.1:9001/'
const B = 'http://127.0.0.1:9002/'
const STRANGER = 'http://127.0.0.1:9009/'
const LOCAL_EMBEDDED = 'jobdesk://embedded/this-node/'
const OTHER_EMBEDDED = 'jobdesk://embedded/other-node/'

const fresh = freshSqliteStore()

const answering = (): ExecutorApi =>
  ({ beat: async () => SUCCESS, idleBeat: async () => SUCCESS, run: async () => SUCCESS, kill: async () => SUCCESS, log: async () => SUCCESS }) as never

/** This node's embedded executor and LAN executors that all answer 200; another node's embedded one is out of reach. */
function directory(calls: { address: string; withToken: boolean }[] = []): ExecutorDirectory {
  return new ExecutorDirectory({
    embedded: answering(),
    embeddedAddress: LOCAL_EMBEDDED,
    remote: (address, _group, withToken) => {
      calls.push({ address, withToken })
      return answering()
    },
    peer: () => null,
  })
}

async function jobOn(addressList: string, strategy: RouteStrategy): Promise<{ jobId: number; group: JobGroup }> {
  const { store } = fresh
  const groupId = await store.groups.insert({
    appName: `reports-${strategy.toLowerCase()}`,
    name: 'Reports',
    addressType: 1,
    addressList,
    accessToken: '',
    protocolGeneration: null,
    autoCreated: false,
    scriptsAllowed: false,
    updateTimeMs: NOW_MS,
  })
  const jobId = await store.jobs.insert(storedJobOf(jobInput(groupId, { executorRouteStrategy: strategy }), NOW_MS))
  return { jobId, group: (await store.groups.get(groupId))! }
}

function preview(executors = directory()): RunControl {
  return new RunControl(fresh.store, executors, new RunWriter({ store: fresh.store, logger: silentLogger }), () => NOW_MS)
}

/** A real manual trigger: its row written (ROUND's position reserved with it), then routed and sent. */
async function trigger(jobId: number, addressList?: string[]) {
  const { store } = fresh
  const [run] = await store.transaction((tx) => prepareOneOffRuns(tx, { jobId, triggerType: 'MANUAL', addressList }, NOW_MS, 'this-node'))
  const deps = { routers: createRouters(), executors: directory(), nowMs: () => NOW_MS, usesOf: (id: number) => store.routes.usesOf(id) }
  return triggerRun(run, deps)
}

describe('the route preview routes as the trigger does', () => {
  it('leaves out another node’s embedded executor, which this node cannot reach', async () => {
    const { jobId } = await jobOn(`${OTHER_EMBEDDED},${A}`, 'FIRST')
    const previewed = await preview().previewRoute(jobId)
    const triggered = await trigger(jobId)
    expect(previewed).toMatchObject({ chosen: A, candidates: [A], leftOut: [OTHER_EMBEDDED] })
    expect(triggered.executorAddress).toBe(A)
    expect(triggered.triggerTrail?.route).toMatchObject({ candidates: previewed.candidates, leftOut: previewed.leftOut, reason: previewed.reason })
  })

  it('puts this node’s own embedded executor first for FIRST, wherever it is listed', async () => {
    const { jobId } = await jobOn(`${A},${LOCAL_EMBEDDED}`, 'FIRST')
    const previewed = await preview().previewRoute(jobId)
    expect(previewed).toMatchObject({ chosen: LOCAL_EMBEDDED, candidates: [LOCAL_EMBEDDED, A], leftOut: [] })
    expect((await trigger(jobId)).executorAddress).toBe(LOCAL_EMBEDDED)
  })

  it('reports an override address outside the group as tokenless, and probes it without the token', async () => {
    const { jobId } = await jobOn(A, 'FAILOVER')
    const calls: { address: string; withToken: boolean }[] = []
    const previewed = await preview(directory(calls)).previewRoute(jobId, [STRANGER, A])
    expect(previewed).toMatchObject({ chosen: STRANGER, tokenless: [STRANGER], probes: [{ address: STRANGER, kind: 'beat', code: 200 }] })
    expect(calls).toEqual([{ address: STRANGER, withToken: false }])
    expect((await trigger(jobId, [STRANGER, A])).triggerTrail?.route?.tokenless).toEqual([STRANGER])
  })
})

describe('a route preview is a dry run', () => {
  it('shows ROUND’s next pick without reserving its position', async () => {
    const { jobId } = await jobOn(`${A},${B}`, 'ROUND')
    // Before the job's first run its sequence starts at random: the preview names the rule.
    expect(await preview().previewRoute(jobId)).toMatchObject({ chosen: null, reason: { code: 'routePreview.round' } })
    await trigger(jobId)
    const position = await fresh.store.routes.nextPosition(jobId)
    const first = await preview().previewRoute(jobId)
    const again = await preview().previewRoute(jobId)
    expect(await fresh.store.routes.nextPosition(jobId)).toBe(position)
    expect(again).toEqual(first)
    expect(first.reason).toMatchObject({ code: 'routeReason.round', params: { position } })
    expect((await trigger(jobId)).executorAddress).toBe(first.chosen)
  })

  it('reads LFU and LRU use without counting one, and picks what the trigger picks', async () => {
    for (const strategy of ['LEAST_FREQUENTLY_USED', 'LEAST_RECENTLY_USED'] as const) {
      const { jobId } = await jobOn(`${A},${B}`, strategy)
      await fresh.store.routes.recordUse(jobId, A, NOW_MS - 1000)
      await fresh.store.routes.recordUse(jobId, A, NOW_MS - 500)
      await fresh.store.routes.recordUse(jobId, B, NOW_MS - 2000)
      const before = await fresh.store.routes.usesOf(jobId)
      const previewed = await preview().previewRoute(jobId)
      expect(await fresh.store.routes.usesOf(jobId)).toEqual(before)
      const triggered = await trigger(jobId)
      expect(triggered.executorAddress, strategy).toBe(previewed.chosen)
      // The trigger counts its use with the outcome's write; the preview never asks for one.
      expect(triggered.routeUse).toEqual({ jobId, atMs: NOW_MS })
    }
  })

  it('names RANDOM’s rule instead of guessing', async () => {
    const { jobId } = await jobOn(`${OTHER_EMBEDDED},${A}`, 'RANDOM')
    expect(await preview().previewRoute(jobId)).toMatchObject({
      chosen: null,
      candidates: [A],
      leftOut: [OTHER_EMBEDDED],
      reason: { code: 'routePreview.random' },
    })
  })
})
