import type { JobRun, LogPage, RegistryEntry } from './model'
import type { XxlImportProgress } from './xxl-import'

// What the core pushes to every UI client.

export interface SchedulerStatus {
  state: 'starting' | 'running' | 'draining' | 'stopped'
  /** Wall time of the last completed scan, epoch ms (0 before the first). */
  lastScanAtMs: number
  ringSize: number
}

/** Pushed from the core to every UI client. Bursty sources are coalesced (see src/main/kernel/events.ts). */
export type JobDeskEvent =
  | { type: 'jobs-changed'; jobIds: number[] }
  /** `truncated`: more runs changed than the event carries; re-read what you show. */
  | { type: 'runs-changed'; runs: JobRun[]; truncated: boolean }
  | { type: 'registry-changed'; entries: RegistryEntry[] }
  | { type: 'links-changed' }
  /** How far the running import from XXL-JOB has got. */
  | { type: 'xxl-import-progress'; progress: XxlImportProgress }
  | { type: 'misfire'; jobId: number; missedCount: number; strategy: string }
  | { type: 'run-log'; logId: number; page: LogPage }
  | { type: 'scheduler'; status: SchedulerStatus }
  /** From the desktop shell (a notification or the tray was clicked): show this run. */
  | { type: 'open-run'; logId: number }
  /** A run failed and its alarm fired (the desktop shows a notification; clicking opens the run). */
  | {
      type: 'alarm'
      logId: number
      jobId: number
      jobName: string
      handleMsg: string
      /** Why it failed in one line: the handle message, or the trigger's result line (see shared/failure-reason.ts). */
      reason: string
    }
