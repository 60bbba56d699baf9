import { expect, it } from 'vitest'
import { endRunsOnDeadExecutors } from '../../../src/main/completion/dead-executor-runs'
import { DEFAULT_REGISTRY_TIMINGS } from '../../../src/main/registry/health'
import { RegistryService } from '../../../src/main/registry/registry-service'
import type { Store } from '../../../src/main/store/store'
import { HANDLE_CODE, TRIGGER_CODE } from '../../../src/shared/model'
import { newRun } from '../../support/new-run'
import { storeSuite, T0 } from '../../store/conformance/store-fixture'

/**
 * Every node of a cluster runs the registry's dead sweep (it is not periodic work under the lease):
 * two nodes may both see one executor die. Its runs must end once — one completion written, so one
 * retry, one flow step decided — whichever node wrote it.
 */
const AGENT = 'http://127.0.0.1:9999/'
const { deadTimeoutMs, sweepPeriodMs } = DEFAULT_REGISTRY_TIMINGS

storeSuite('two nodes sweeping the same dead executor', (f) => {
  it('end its running runs once between them', async () => {
    const nodes = [f.store, await f.another()]
    const registries = nodes.map((store) => new RegistryService(store, DEFAULT_REGISTRY_TIMINGS))
    await registries[0].beat('billing', AGENT, T0)
    const ids: number[] = []
    for (let i = 0; i < 3; i++) {
      const id = (await f.store.runs.insert(newRun({ triggerTimeMs: T0 })))!
      await f.store.runs.recordOutcomes([{ logId: id, executorAddress: AGENT, triggerCode: TRIGGER_CODE.success, triggerMsg: 'sent' }])
      ids.push(id)
    }

    const written: number[] = []
    const sweepAt = T0 + deadTimeoutMs + sweepPeriodMs
    const sweepOn = async (store: Store, registry: RegistryService) => {
      const dead = await registry.sweep(sweepAt)
      await endRunsOnDeadExecutors({ store, complete: async (lost) => written.push(...(await store.runs.complete(lost))) }, dead, sweepAt)
      return dead.length
    }
    // At once on a server engine, where the two transactions race; on SQLite one after the other
    // (two connections of one process would wait on each other's lock synchronously).
    const seen =
      f.engine === 'sqlite'
        ? [await sweepOn(nodes[0], registries[0]), await sweepOn(nodes[1], registries[1])]
        : await Promise.all(nodes.map((store, i) => sweepOn(store, registries[i])))

    expect(seen.some((count) => count === 1)).toBe(true)
    expect(written.sort((a, b) => a - b)).toEqual(ids)
    for (const id of ids) {
      const run = (await f.store.runs.get(id))!
      expect(run.handleCode).toBe(HANDLE_CODE.fail)
      expect(run.handleMsg).toBe(`Job result lost, marked as failure: executor ${AGENT} was declared dead (no beat for 120 s); retries, if any, follow.`)
    }
  })
})
