import { EMBEDDED_ADDRESS_PREFIX, HANDLE_CODE, type JobRun } from '../../shared/model'
import type { RunCompletion } from '../domain/runs'
import type { DeadAddress } from '../registry/health'
import type { Repos } from '../store/store'

/**
 * The runs to end as lost because the registry declared their executor dead: still running on an
 * address the dead sweep just removed, and not registered again since (under any app name: one
 * agent may serve a second group at the same address, and an agent that beat again meanwhile is
 * back). Runs on an embedded executor are left to the cluster's take-over, which ends them when
 * their node's lease is gone, not when a beat is late. A run with no executor address was never sent.
 */
export function decideRunsOnDeadExecutors(
  running: readonly Pick<JobRun, 'id' | 'executorAddress'>[],
  dead: readonly DeadAddress[],
  registered: (address: string) => boolean,
  nowMs: number,
): RunCompletion[] {
  const lastBeatMs = new Map<string, number>()
  for (const gone of dead) {
    if (gone.address === '' || gone.address.startsWith(EMBEDDED_ADDRESS_PREFIX) || registered(gone.address)) continue
    lastBeatMs.set(gone.address, Math.max(gone.lastBeatMs, lastBeatMs.get(gone.address) ?? gone.lastBeatMs))
  }
  return running.flatMap((run) => {
    const beatMs = lastBeatMs.get(run.executorAddress)
    return beatMs === undefined ? [] : [lostOnDeadExecutor(run, beatMs, nowMs)]
  })
}

/** The end of a run whose executor the registry declared dead, `nowMs` being the sweep's time. */
function lostOnDeadExecutor(run: Pick<JobRun, 'id' | 'executorAddress'>, lastBeatMs: number, nowMs: number): RunCompletion {
  const silentSec = Math.round((nowMs - lastBeatMs) / 1000)
  return {
    logId: run.id,
    handleCode: HANDLE_CODE.fail,
    handleMsg: `Job result lost, marked as failure: executor ${run.executorAddress} was declared dead (no beat for ${silentSec} s); retries, if any, follow.`,
    handleTimeMs: nowMs,
  }
}

export interface DeadExecutorRunsDeps {
  store: { runs: Pick<Repos['runs'], 'findRunningOn'>; registry: Pick<Repos['registry'], 'isRegistered'> }
  complete: (completions: RunCompletion[]) => Promise<unknown>
}

/**
 * Ends, through the ordinary run-end path (so retries, flows, child links and alarms follow), the
 * runs still running on the addresses a dead sweep removed at `nowMs`; resolves with how many.
 * Only runs triggered up to the sweep's time: its verdict says nothing of a run sent there later.
 */
export async function endRunsOnDeadExecutors(deps: DeadExecutorRunsDeps, dead: readonly DeadAddress[], nowMs: number): Promise<number> {
  const addresses = [...new Set(dead.map((gone) => gone.address))].filter((a) => a !== '' && !a.startsWith(EMBEDDED_ADDRESS_PREFIX))
  const running: JobRun[] = []
  const registered = new Set<string>()
  for (const address of addresses) {
    if (await deps.store.registry.isRegistered(address)) registered.add(address)
    else running.push(...(await deps.store.runs.findRunningOn(address, nowMs + 1)))
  }
  const lost = decideRunsOnDeadExecutors(running, dead, (address) => registered.has(address), nowMs)
  if (lost.length > 0) await deps.complete(lost)
  return lost.length
}
