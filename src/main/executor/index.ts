/** The executor module: the embedded executor, and the core the executor agent serves over HTTP. */
export { createExecutor } from './executor'
export type { Executor, ExecutorOptions, ExecutorState, ExecutorStatus } from './executor-types'
export type { CallbackSink, ExecutorApi, ExecutorReply, HandleCallback, LogRequest, TriggerParam } from './executor-api'
export { SUCCESS, failure } from './executor-api'
export type { JobContext, JobHandler, JobResult } from './handlers/handler-contract'
export { BUILTIN_HANDLER_NAMES } from './handlers/builtin-handlers'
export * from './executor-texts'
export type { RunLogLayout } from './run-log/run-log-store'
