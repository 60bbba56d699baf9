import type { SkipReason } from './skip-reasons'

/** Whose fire: a job's or a flow's. */
export type SimulatedTargetRef = { jobId: number } | { flowId: number }

/** What `simulateSchedule` takes: a window of time (epoch ms or ISO 8601), and optionally whose fires. */
export interface ScheduleSimulationRequest {
  from: number | string
  to: number | string
  /** Only these jobs, flows or groups' jobs; all running jobs and active flows when none is given. */
  jobIds?: number[]
  flowIds?: number[]
  groupIds?: number[]
}

export type SimulatedFireView = SimulatedTargetRef & {
  time: number
  /** The slot a calendar moved here. */
  rolledFrom?: number
  /** The maintenance window whose end this fire follows (FIRE_ONCE_NOW). */
  afterWindow?: string
}

export type SimulatedSkipView = SimulatedTargetRef & {
  slot: number
  reason: SkipReason
  /** The holiday's or the window's name, or where a moved fire went. */
  detail?: string
}

export interface ScheduleSimulation {
  fires: SimulatedFireView[]
  skipped: SimulatedSkipView[]
  /** True when the window held more than SIMULATION_MAX_ENTRIES entries: the lists stop there. */
  cut: boolean
}

/** Entries (fires and skipped slots together) one simulation answers with at most. */
export const SIMULATION_MAX_ENTRIES = 100_000
/** The longest window one simulation covers. */
export const SIMULATION_MAX_DAYS = 366
