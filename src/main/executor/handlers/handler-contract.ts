/**
 * The contract for operator-written job handlers (BEAN glue type).
 *
 * Put `.js` or `.mjs` ES modules in one of the executor's handler directories. Every named export that
 * is a function becomes a handler whose name is the export name; a job selects it with
 * `executorHandler`. Modules are loaded once per runner worker thread, when the worker starts, so a
 * changed file takes effect for workers started after the change (restart the executor to be sure).
 *
 * ```js
 * // handlers/reports.mjs
 * export async function nightlyReport(ctx) {
 *   ctx.log('building report for', ctx.param)
 *   await build(ctx.param, { signal: ctx.signal })
 *   return 'report done'            // success, with a message
 * }
 * export function strictCheck(ctx) {
 *   if (!ctx.param) return { code: 500, msg: 'param is required' }   // failure without throwing
 * }
 * ```
 *
 * Each run executes on a runner worker thread that runs nothing else at the same time. A kill, an
 * `executorTimeout` or a COVER_EARLY trigger aborts `ctx.signal` and terminates the thread shortly
 * after, so a handler cannot outlive its run; clean up in `signal`'s abort listener if you must.
 * Runs may be retried or recovered (at-least-once), so handlers should be idempotent.
 */
export interface JobContext {
  /** The trigger's `executorParams` ("" when none). */
  param: string
  /** 0-based shard index (`broadcastIndex`); 0 unless the job routes SHARDING_BROADCAST. */
  shardIndex: number
  /** Shard count (`broadcastTotal`); 1 unless sharding. */
  shardTotal: number
  /** The run's id (`job_log.id`). */
  logId: number
  jobId: number
  /** Appends one entry to the run log; parts are joined with spaces, non-strings JSON-encoded. */
  log(...parts: unknown[]): void
  /**
   * The run's artifact folder (docs/artifacts.md): files left there when the handler returns are
   * kept by JobDesk with the run (flat names, limits apply). Undefined on an executor that keeps no
   * artifacts.
   */
  readonly artifactsDir?: string
  /** Aborted when the run is killed, times out, is covered, or the executor stops. */
  signal: AbortSignal
}

/**
 * What a handler returns (or resolves to): nothing or a string for success (the string becomes the
 * handle message), or an explicit `{code, msg}` (200 success, anything else failure; 502 reads as a
 * timeout in the admin). A thrown error fails the run with code 500 and the error's stack as message.
 * Messages over 50,000 characters are cut. In a flow, the handle message is the node's output, which
 * later nodes take as `${nodes.<key>.output}` (its first 4096 bytes of UTF-8): return the value
 * to pass on (`echoJobHandler` returns its parameter).
 */
export type JobResult = void | undefined | string | { code: number; msg?: string | null }

export type JobHandler = (ctx: JobContext) => JobResult | Promise<JobResult>
