import type { JobRun, LogPage, RegistryEntry } from './model'
import type { XxlImportProgress } from './xxl-import'
import type { FlowRunState } from './flow-types'
import type { MaintenanceState } from './calendar/maintenance'
import type { DeadlineMissKind } from './deadline-terms'

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
  /** Flows were added, edited, paused or removed: re-read the Flows page. */
  | { type: 'flows-changed' }
  /** A flow run or one of its nodes changed state: re-read it if shown (`getFlowRun`). */
  | { type: 'flow-run-changed'; flowRunId: number; flowId: number; state: FlowRunState }
  /**
   * A flow run failed, ran past its time limit, or waits at an approval, and its notice went out on
   * the alarm channels: for the desktop or console to show "flow X run N failed / waits for
   * approval", titled by `kind`. `detail` is data for the body: the failed node keys (`extract,
   * load`), the time limit (`3600 s`) or the approval's prompt.
   */
  | { type: 'flow-notice'; kind: 'failed' | 'timeout' | 'approval' | 'recovered'; flowRunId: number; flowId: number; flowName: string; detail: string }
  /**
   * A run broke a promise (docs/deadlines.md) and its warning went out on the alarm channels: a job's
   * run (`runId` a run id) or a flow run, titled by `kind`; `detail` is data (the deadline as an ISO
   * time, or `2 × p95 10 s` for a slow run). Once per run and kind, on the node that saw it.
   */
  | { type: 'deadline-miss'; kind: DeadlineMissKind; target: 'job' | 'flow'; runId: number; ownerId: number; ownerName: string; detail: string }
  /** How far the running import from XXL-JOB has got. */
  | { type: 'xxl-import-progress'; progress: XxlImportProgress }
  | { type: 'misfire'; jobId: number; missedCount: number; strategy: string }
  /** Pause-all was switched on or off (here or on another node): every console shows or hides its banner. */
  | { type: 'maintenance-changed'; state: MaintenanceState }
  /** A maintenance window was added, changed or removed: re-read the windows shown (`listWindows`). */
  | { type: 'windows-changed' }
  /** An alarm silence was added or lifted: re-read the silences shown (`listSilences`). */
  | { type: 'silences-changed' }
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
