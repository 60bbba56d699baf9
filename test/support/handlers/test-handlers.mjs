// Job handlers for integration tests, loaded through the executor's handler directories.
import { readFileSync, writeFileSync } from 'node:fs'

/**
 * Fails its first N attempts, then succeeds. Param: "<counter file>|<N>"; the attempt count lives in
 * the file because each run may execute on a different worker thread.
 */
export function flakyJobHandler(ctx) {
  const [file, failTimes] = ctx.param.split('|')
  let attempts = 0
  try {
    attempts = Number(readFileSync(file, 'utf8'))
  } catch {
    attempts = 0
  }
  writeFileSync(file, String(attempts + 1))
  if (attempts < Number(failTimes)) return { code: 500, msg: `attempt ${attempts + 1} fails` }
  return `attempt ${attempts + 1} succeeds`
}

/**
 * Its first attempt hangs until aborted (its executor is then killed under it); every later attempt
 * succeeds at once. Param: "<counter file>", shared by the executors of one machine.
 */
export async function hangsOnceJobHandler(ctx) {
  let attempts = 0
  try {
    attempts = Number(readFileSync(ctx.param, 'utf8'))
  } catch {
    attempts = 0
  }
  writeFileSync(ctx.param, String(attempts + 1))
  if (attempts > 0) return `attempt ${attempts + 1} succeeds`
  await new Promise((resolve) => ctx.signal.addEventListener('abort', resolve))
  return { code: 500, msg: 'attempt 1 aborted' }
}

/** Sleeps `param` ms and reports when it started and ended, as JSON in its message. */
export async function timedJobHandler(ctx) {
  const startMs = Date.now()
  await new Promise((resolve) => {
    const timer = setTimeout(resolve, Number(ctx.param))
    ctx.signal.addEventListener('abort', () => {
      clearTimeout(timer)
      resolve()
    })
  })
  return JSON.stringify({ startMs, endMs: Date.now() })
}

/** Writes N log lines ("chatty line 1" …), then waits `ms` (or until aborted). Param: "<N>|<ms>". */
export async function chattyJobHandler(ctx) {
  const [count, waitMs] = ctx.param.split('|').map(Number)
  for (let i = 1; i <= count; i++) ctx.log(`chatty line ${i}`)
  await new Promise((resolve) => {
    const timer = setTimeout(resolve, waitMs)
    ctx.signal.addEventListener('abort', () => {
      clearTimeout(timer)
      resolve()
    })
  })
  return `wrote ${count} lines`
}

/**
 * Shard 0 succeeds at once ("shard 0 done"); every other shard waits `param` ms (or until aborted)
 * and fails ("shard i failed"): a broadcast whose shards end differently, in a known order.
 */
export async function lateFailingShardJobHandler(ctx) {
  if (ctx.shardIndex === 0) return 'shard 0 done'
  await new Promise((resolve) => {
    const timer = setTimeout(resolve, Number(ctx.param))
    ctx.signal.addEventListener('abort', () => {
      clearTimeout(timer)
      resolve()
    })
  })
  return { code: 500, msg: `shard ${ctx.shardIndex} failed` }
}

/**
 * Waits `ms` (or until aborted), then succeeds with the rest of its parameter as its message: a run
 * that takes a while and says what it was given. Param: "<ms>|<text>".
 */
export async function slowEchoJobHandler(ctx) {
  const bar = ctx.param.indexOf('|')
  await new Promise((resolve) => {
    const timer = setTimeout(resolve, Number(ctx.param.slice(0, bar)))
    ctx.signal.addEventListener('abort', () => {
      clearTimeout(timer)
      resolve()
    })
  })
  return ctx.param.slice(bar + 1)
}

/**
 * Runs until the file named by its param exists (the test creates it when its manual clock says
 * the run is done), then succeeds; ends early when aborted. Polls every 20 ms of real time.
 */
export async function untilFileJobHandler(ctx) {
  const { existsSync } = await import('node:fs')
  while (!existsSync(ctx.param)) {
    if (ctx.signal.aborted) return { code: 500, msg: 'aborted' }
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return 'done'
}

/**
 * Succeeds for a parameter that starts with "ok"; otherwise logs what it was doing and an
 * "ERROR: <param>" line, and fails with "export failed: <param>": a failure whose log names its cause.
 */
export function verdictJobHandler(ctx) {
  ctx.log(`checking ${ctx.param}`)
  if (ctx.param.startsWith('ok')) {
    ctx.log('all good')
    return 'done'
  }
  ctx.log('opening the export file')
  ctx.log(`ERROR: ${ctx.param}`)
  return { code: 500, msg: `export failed: ${ctx.param}` }
}
