/** The executor module: the embedded executor, and the core the executor agent serves over HTTP. */
export { createExecutor } from './executor'
export type { Executor, ExecutorOptions } from './executor-types'
export * from './executor-texts'
export type { RunLogLayout } from './run-log/run-log-store'
