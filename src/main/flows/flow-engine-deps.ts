import type { ArtifactLinks } from '../artifacts/artifact-links'
import type { TriggerResult } from '../../shared/api'
import type { FlowRunState } from '../../shared/flow-types'
import type { Clock } from '../kernel/clock'
import type { Logger } from '../kernel/logger'
import type { RepoAccess } from '../store/store'
import type { OneOffTrigger } from '../trigger/prepare-runs'

/** Something a person should hear of a flow run (sent on the alarm channels). */
export type FlowNotice =
  | { kind: 'failed'; flowRunId: number; flowId: number; flowName: string; alarmEmail: string; failedNodes: string[] }
  | { kind: 'timeout'; flowRunId: number; flowId: number; flowName: string; alarmEmail: string; timeoutSec: number }
  | { kind: 'approval'; flowRunId: number; flowId: number; flowName: string; alarmEmail: string; key: string; prompt: string }

/** What the flow engine works with: its tables, the trigger service, the kill of a run, the clock. */
export interface FlowEngineDeps {
  store: RepoAccess<'flows' | 'flowRuns' | 'flowItems' | 'runs' | 'jobs'>
  /** The trigger service's one-off trigger: writes the run with its flow step claim, then dispatches it. */
  trigger: (request: OneOffTrigger, beforeDispatch?: (logIds: number[]) => void) => Promise<TriggerResult>
  /** Asks the run writer to write these node runs' completions without its batch delay: the flow waits on them. */
  expedite: (logIds: readonly number[]) => void
  /** Kills a running job run (its executor's `/kill`); the run ends as killed. */
  killRun: (logId: number) => Promise<unknown>
  clock: Clock
  logger: Logger
  /** A flow run or one of its nodes changed state. */
  changed: (change: { flowRunId: number; flowId: number; state: FlowRunState }) => void
  /** A flow run reached its final state, once per run (`changed` may repeat a state): the metrics count it. */
  ended?: (state: FlowRunState, flowId: number, flowRunId: number) => void
  announce: (notice: FlowNotice) => void
  /** Makes `${nodes.<key>.artifacts.<name>}`'s one-time URLs; absent: such references give ''. */
  artifactLinks?: Pick<ArtifactLinks, 'urlFor'>
}
