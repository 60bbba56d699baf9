import type { ScheduleSimulation, ScheduleSimulationRequest, SimulatedTargetRef } from '../../shared/calendar/schedule-simulation'
import { SIMULATION_MAX_ENTRIES } from '../../shared/calendar/schedule-simulation'
import { MAINTENANCE_OFF, MAINTENANCE_SETTING, type MaintenanceState } from '../../shared/calendar/maintenance'
import type { WindowTarget } from '../../shared/calendar/maintenance-window'
import { simulatedTarget, simulateSchedule, type SimulatedTarget } from '../schedule/simulate'
import type { Repos } from '../store/store'
import { ScheduleBook } from './schedule-book'

/** The request as the schema leaves it: both ends read as epoch ms. */
export type SimulationWindow = Omit<ScheduleSimulationRequest, 'from' | 'to'> & { from: number; to: number }

/**
 * `simulateSchedule`: the running jobs and active flows (or those named) through the simulator
 * (schedule/simulate.ts), their calendars resolved by the book the scan uses, with the maintenance
 * windows and pause-all as they stand (pause-all on: nothing fires from when it was switched on).
 */
export async function simulateServerSchedule(
  repos: Pick<Repos, 'jobs' | 'flows' | 'calendars' | 'windows' | 'settings'>,
  request: SimulationWindow,
): Promise<ScheduleSimulation> {
  const book = await ScheduleBook.read(repos)
  const windows = await repos.windows.all()
  const maintenance = (await repos.settings.get<MaintenanceState>(MAINTENANCE_SETTING)) ?? MAINTENANCE_OFF
  const named = request.jobIds !== undefined || request.flowIds !== undefined || request.groupIds !== undefined
  const jobIds = new Set(request.jobIds ?? [])
  const groupIds = new Set(request.groupIds ?? [])
  const flowIds = new Set(request.flowIds ?? [])
  const targets: SimulatedTarget[] = []
  for (const job of await repos.jobs.list()) {
    if (job.triggerStatus !== 1 || job.scheduleType === 'NONE') continue
    if (named && !jobIds.has(job.id) && !groupIds.has(job.jobGroup)) continue
    targets.push(simulatedTarget({ jobId: job.id, groupId: job.jobGroup }, book.specOf(job), job.misfireStrategy))
  }
  for (const flow of await repos.flows.all()) {
    if (flow.triggerStatus !== 1 || flow.scheduleType === 'NONE') continue
    if (named && !flowIds.has(flow.id)) continue
    targets.push(simulatedTarget({ flowId: flow.id }, book.specOf(flow), flow.misfireStrategy))
  }
  const simulation = simulateSchedule({
    fromMs: request.from,
    toMs: request.to,
    targets,
    windows,
    pausedSinceMs: maintenance.on ? maintenance.sinceMs : null,
    limit: SIMULATION_MAX_ENTRIES,
  })
  return {
    fires: simulation.fires.map((fire) => ({
      ...refOf(fire.target),
      time: fire.timeMs,
      ...(fire.rolledFromMs !== undefined ? { rolledFrom: fire.rolledFromMs } : {}),
      ...(fire.afterWindow ? { afterWindow: fire.afterWindow.name } : {}),
    })),
    skipped: simulation.skipped.map((skip) => ({
      ...refOf(skip.target),
      slot: skip.slotMs,
      reason: skip.reason,
      ...(skip.detail ? { detail: skip.detail } : {}),
    })),
    cut: simulation.cut,
  }
}

function refOf(target: WindowTarget): SimulatedTargetRef {
  return 'flowId' in target ? { flowId: target.flowId } : { jobId: target.jobId }
}
