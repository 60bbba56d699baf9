// Handlers for the benchmarks (`--handlers bench/handlers`), see
// src/main/executor/handlers/handler-contract.ts.

/** No work; the moment the handler started as its message, so a benchmark can measure scheduled time → handler start from the run rows alone. */
export function noopJobHandler() {
  return String(Date.now())
}

/**
 * B1/B2's headline workload: the job people run, a handler that logs one line (as
 * `demoJobHandler` does) and returns its start time like the no-op, so the same figures read off
 * job_log measure what the line costs: the log append, the message that carries it, the kept copy.
 */
export function logLineJobHandler(ctx) {
  const started = Date.now()
  ctx.log('settled batch, param:', ctx.param)
  return String(started)
}

/**
 * B6: waits `startDelayMs`, then writes `count` lines `tick <i> at <epoch ms>`, one every `gapMs`
 * (param: "count gapMs startDelayMs"), so a viewer can measure written → shown per line.
 */
export async function logTickerHandler(ctx) {
  const [count, gapMs, startDelayMs] = ctx.param.split(' ').map(Number)
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
  await sleep(startDelayMs)
  for (let i = 1; i <= count && !ctx.signal.aborted; i++) {
    ctx.log(`tick ${i} at ${Date.now()}`)
    await sleep(gapMs)
  }
  return `${count} ticks`
}

/**
 * B13: no work; the moment the handler started, in epoch ms with microseconds (the performance
 * clock, absolute), so a flow step's overhead — a few milliseconds — is not lost in Date.now()'s
 * whole milliseconds. Main thread, runner threads and agent processes share the system clock.
 */
export function stampJobHandler() {
  return (performance.timeOrigin + performance.now()).toFixed(3)
}
