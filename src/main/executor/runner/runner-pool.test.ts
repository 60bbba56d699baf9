import { afterEach, describe, expect, it } from 'vitest'
import { fakeSpawner, recordingListener, turn, type FakeRunnerThread, type Heard } from '../../../../test/support/fake-runner-thread'
import { ManualClock } from '../../kernel/clock'
import { silentLogger } from '../../kernel/logger'
import { RunnerPool, type RunTicket } from './runner-pool'
import { SLOT_CLAIMED, SLOT_FREE, SLOT_REVOKED, type RunRequest } from './runner-protocol'

const T0 = Date.UTC(2026, 10, 30, 9)

/**
 * The runner pool against fake threads (test/support/fake-runner-thread.ts): each race is played
 * step by step on the real shared memory — the claim slots and the result area — with the clock and
 * the pool's 10-ms check driven by hand, so every interleaving is the one the test names.
 */
function startPool(maxWorkers = 2, then?: (heard: Heard) => void) {
  const { spawnWorker, threads } = fakeSpawner()
  const clock = new ManualClock(T0)
  const catalogs: (string[] | null)[] = []
  let check: () => void = () => {}
  const pool = new RunnerPool({
    spawnWorker,
    config: { handlerDirs: [], httpAllowPrefixes: [] },
    maxWorkers,
    clock,
    logger: silentLogger,
    onCatalog: (names) => catalogs.push(names),
    startTicker: (_periodMs, tick) => {
      check = tick
      return () => (check = () => {})
    },
  })
  const { listener, heard } = recordingListener(then)
  const dispatch = (jobId: number): RunTicket<number> =>
    pool.dispatch<number>(
      { requestId: 0, slot: 0, jobId, logId: jobId * 10, handler: 'demoJobHandler', param: '', shardIndex: 0, shardTotal: 1 },
      listener,
      jobId,
    )
  return { pool, threads, clock, catalogs, heard, dispatch, check: () => check() }
}

let pools: RunnerPool[] = []
afterEach(async () => {
  await Promise.all(pools.map((pool) => pool.close()))
  pools = []
})

function started(maxWorkers?: number, then?: (heard: Heard) => void) {
  const harness = startPool(maxWorkers, then)
  pools.push(harness.pool)
  return harness
}

async function readyThread(
  h: ReturnType<typeof startPool>,
  jobs: number[],
): Promise<{ thread: FakeRunnerThread; tickets: RunTicket<number>[]; runs: RunRequest[] }> {
  const tickets = jobs.map((job) => h.dispatch(job))
  await turn()
  const thread = h.threads[0]
  thread.ready()
  return { thread, tickets, runs: jobs.map((job) => thread.run(job)) }
}

describe('RunnerPool: placement and results', () => {
  it("hands a turn's runs to a worker in one message and reports each result once", async () => {
    const h = started()
    const { thread, runs } = await readyThread(h, [1, 2, 3])
    expect(h.threads).toHaveLength(1)
    expect(thread.runMessages).toBe(1)
    expect(runs.map((run) => run.jobId)).toEqual([1, 2, 3])
    expect(new Set(runs.map((run) => run.slot)).size).toBe(3)
    for (const run of runs) thread.complete(run, 200, `done ${run.jobId}`)
    expect(h.heard).toEqual([1, 2, 3].map((job) => ({ kind: 'result', job, code: 200, msg: `done ${job}` })))
    expect(h.catalogs).toEqual([['demoJobHandler']])
  })

  it('tells which runs made an artifact folder, before their results, and no other run', async () => {
    const h = started()
    const { thread, runs } = await readyThread(h, [1, 2])
    thread.madeArtifacts(runs[0])
    for (const run of runs) thread.complete(run, 200, null)
    expect(h.heard).toEqual([
      { kind: 'artifacts', job: 1 },
      { kind: 'result', job: 1, code: 200, msg: null },
      { kind: 'result', job: 2, code: 200, msg: null },
    ])
  })

  it('reports the catalog as unknown when the first worker dies before loading its handlers', async () => {
    const h = started()
    h.dispatch(1)
    await turn()
    h.threads[0].die(1)
    expect(h.catalogs).toEqual([null])
  })
})

describe('RunnerPool: claim and revoke on shared memory', () => {
  it('a cancel that wins the race revokes the run: the thread cannot claim it and frees its slot', async () => {
    const h = started()
    const { thread, tickets, runs } = await readyThread(h, [1, 2])
    thread.claim(runs[0])
    h.pool.cancel(tickets[1], 500)
    expect(thread.slotState(runs[1])).toBe(SLOT_REVOKED)
    // The thread reaches the revoked run: its compare-and-swap fails, it skips it.
    expect(thread.claim(runs[1])).toBe(false)
    expect(thread.slotState(runs[1])).toBe(SLOT_FREE)
    thread.keep(runs[0], 200, null)
    thread.postResults([{ run: runs[0], code: 200, msg: null }])
    expect(h.heard).toEqual([{ kind: 'result', job: 1, code: 200, msg: null }])
    expect(thread.aborts).toEqual([])
  })

  it('a claim that wins the race makes the cancel an abort, and the thread is terminated after the grace', async () => {
    const h = started()
    const { thread, tickets, runs } = await readyThread(h, [1, 2])
    expect(thread.claim(runs[0])).toBe(true)
    h.pool.cancel(tickets[0], 500)
    expect(thread.slotState(runs[0])).toBe(SLOT_CLAIMED)
    expect(thread.aborts).toEqual([runs[0].requestId])
    // The run waiting behind it moves to another worker at once, not after the kill.
    await turn()
    expect(h.threads).toHaveLength(2)
    expect(h.threads[1].run(2).logId).toBe(20)
    await h.clock.advance(499)
    expect(thread.terminated).toBe(false)
    await h.clock.advance(1)
    expect(thread.terminated).toBe(true)
    await turn()
    // Cancelled: the pool tells no one about it (the lane reports the kill), and job 2 never ran twice.
    expect(h.heard).toEqual([])
    expect(thread.claim(runs[1])).toBe(false)
  })

  it('keeps a thread whose handler honours the abort within the grace', async () => {
    const h = started()
    const { thread, tickets, runs } = await readyThread(h, [1])
    thread.claim(runs[0])
    h.pool.cancel(tickets[0], 500)
    await h.clock.advance(100)
    thread.keep(runs[0], 500, 'aborted')
    thread.postResults([{ run: runs[0], code: 500, msg: 'aborted' }])
    await h.clock.advance(1000)
    expect(thread.terminated).toBe(false)
    // The kept worker takes the next run.
    h.dispatch(2)
    await turn()
    expect(h.threads).toHaveLength(1)
    thread.complete(thread.run(2))
    expect(h.heard).toEqual([{ kind: 'result', job: 2, code: 200, msg: null }])
  })
})

describe('RunnerPool: work stealing', () => {
  it('moves the runs waiting behind a head stuck for 20 ms to another worker; the stuck thread can no longer claim them', async () => {
    const h = started(2)
    const { thread, runs } = await readyThread(h, [1, 2, 3])
    thread.claim(runs[0])
    h.check() // first sight of the claimed head
    await h.clock.advance(19)
    h.check()
    await turn()
    expect(h.threads).toHaveLength(1)
    await h.clock.advance(1)
    h.check()
    await turn()
    const other = h.threads[1]
    expect(other.runs.map((run) => run.jobId)).toEqual([2, 3])
    expect(thread.claim(runs[1])).toBe(false)
    expect(thread.claim(runs[2])).toBe(false)
    other.ready()
    other.complete(other.run(2))
    other.complete(other.run(3))
    thread.keep(runs[0], 200, 'slow one')
    thread.postResults([{ run: runs[0], code: 200, msg: 'slow one' }])
    expect(h.heard.map((event) => event.kind === 'result' && event.job)).toEqual([2, 3, 1])
  })

  it('leaves a worker alone whose head is only starting (queued, not claimed)', async () => {
    const h = started(2)
    await readyThread(h, [1, 2])
    h.check()
    await h.clock.advance(1000)
    h.check()
    await turn()
    expect(h.threads).toHaveLength(1)
  })
})

describe('RunnerPool: harvesting after a thread dies or stalls', () => {
  it('a dead thread: its kept result is delivered, its claimed run crashes, its queued run runs elsewhere', async () => {
    const h = started(2)
    const { thread, runs } = await readyThread(h, [1, 2, 3])
    thread.claim(runs[0])
    thread.keep(runs[0], 200, 'finished before the crash')
    thread.claim(runs[1])
    thread.die(7)
    expect(h.heard).toEqual([
      { kind: 'result', job: 1, code: 200, msg: 'finished before the crash' },
      { kind: 'crash', job: 2, reason: 'runner worker exited unexpectedly: thread exit code 7' },
    ])
    await turn()
    const other = h.threads[1]
    expect(other.runs.map((run) => run.jobId)).toEqual([3])
    other.ready()
    other.complete(other.run(3))
    expect(h.heard.at(-1)).toEqual({ kind: 'result', job: 3, code: 200, msg: null })
  })

  it('a stalled thread: a finished head not posted is harvested on the second check, and its later batch is ignored', async () => {
    const h = started(2)
    const { thread, runs } = await readyThread(h, [1, 2])
    thread.claim(runs[0])
    thread.keep(runs[0], 200, 'kept')
    thread.claim(runs[1]) // the next handler holds the thread before it posts its batch
    h.check()
    expect(h.heard).toEqual([])
    h.check()
    expect(h.heard).toEqual([{ kind: 'result', job: 1, code: 200, msg: 'kept' }])
    thread.postResults([{ run: runs[0], code: 200, msg: 'kept' }])
    expect(h.heard).toHaveLength(1)
  })

  it('never delivers a harvested result ahead of the log lines the thread posted before it', async () => {
    const h = started(2)
    const { thread, runs } = await readyThread(h, [1, 2])
    thread.claim(runs[0])
    thread.hold()
    thread.log(runs[0], 'last words')
    thread.keep(runs[0], 200, null)
    thread.claim(runs[1])
    h.check()
    h.check()
    expect(h.heard).toEqual([])
    thread.release()
    h.check()
    expect(h.heard).toEqual([
      { kind: 'log', job: 1, text: 'last words' },
      { kind: 'result', job: 1, code: 200, msg: null },
    ])
  })
})

describe('RunnerPool: log lines through shared memory', () => {
  it("hands a turn's lines from the ring to their runs before the results that end the turn", async () => {
    const h = started()
    const { thread, runs } = await readyThread(h, [1, 2])
    thread.claim(runs[0])
    thread.ringLog(runs[0], 'one')
    thread.keep(runs[0], 200, null)
    thread.claim(runs[1])
    thread.ringLog(runs[1], 'two')
    thread.keep(runs[1], 200, null)
    expect(h.heard).toEqual([])
    thread.postResults([
      { run: runs[0], code: 200, msg: null },
      { run: runs[1], code: 200, msg: null },
    ])
    expect(h.heard).toEqual([
      { kind: 'log', job: 1, text: 'one' },
      { kind: 'log', job: 2, text: 'two' },
      { kind: 'result', job: 1, code: 200, msg: null },
      { kind: 'result', job: 2, code: 200, msg: null },
    ])
  })

  it("reads the lines of a handler that holds its thread on the pool's check, with no message from it", async () => {
    const h = started()
    const { thread, runs } = await readyThread(h, [1])
    thread.claim(runs[0])
    thread.ringLog(runs[0], 'before the hang')
    h.check()
    expect(h.heard).toEqual([{ kind: 'log', job: 1, text: 'before the hang' }])
  })

  it('hands each line to its own run when the host reads a long line of finished runs at once, one of them cancelled', async () => {
    const h = started()
    const jobs = Array.from({ length: 40 }, (_, i) => i + 1)
    const { thread, tickets, runs } = await readyThread(h, jobs)
    // Job 20 is cancelled before the thread reaches it: the worker's line now has a gap there.
    h.pool.cancel(tickets[19], 500)
    const ran = runs.filter((run) => run.jobId !== 20)
    for (const run of ran) {
      thread.claim(run)
      thread.ringLog(run, `line of ${run.jobId}`)
      thread.keep(run, 200, null)
    }
    expect(thread.claim(runs[19])).toBe(false)
    // The host reads every line while job 1 is still the head of the line: the others are found behind it.
    thread.postResults(ran.map((run) => ({ run, code: 200, msg: null })))
    const lines = h.heard.filter((heard) => heard.kind === 'log')
    expect(lines).toEqual(ran.map((run) => ({ kind: 'log', job: run.jobId, text: `line of ${run.jobId}` })))
    expect(h.heard.filter((heard) => heard.kind === 'result').map((heard) => heard.job)).toEqual(ran.map((run) => run.jobId))
  })

  it('keeps a ring line behind an earlier line still on its way as a message', async () => {
    const h = started()
    const { thread, runs } = await readyThread(h, [1])
    thread.claim(runs[0])
    thread.hold()
    thread.log(runs[0], 'too long for the ring')
    expect(thread.ringLog(runs[0], 'after it')).toBe(true)
    h.check()
    expect(h.heard).toEqual([])
    thread.release()
    expect(h.heard).toEqual([
      { kind: 'log', job: 1, text: 'too long for the ring' },
      { kind: 'log', job: 1, text: 'after it' },
    ])
  })

  it("reads the lines of a run the thread finished while the host was harvesting, before that run's result", async () => {
    // While the host hands over run 1's kept result, the thread (running on) writes run 2's line,
    // finishes run 2 and starts run 3, which holds it: the same check then harvests run 2 too.
    let goOn = () => {}
    const h = started(2, (heard) => heard.kind === 'result' && heard.job === 1 && goOn())
    const { thread, runs } = await readyThread(h, [1, 2, 3])
    goOn = () => {
      thread.ringLog(runs[1], 'line of run 2')
      thread.keep(runs[1], 200, null)
      thread.claim(runs[2])
    }
    thread.claim(runs[0])
    thread.keep(runs[0], 200, null)
    thread.claim(runs[1])
    h.check()
    h.check()
    expect(h.heard).toEqual([
      { kind: 'result', job: 1, code: 200, msg: null },
      { kind: 'log', job: 2, text: 'line of run 2' },
      { kind: 'result', job: 2, code: 200, msg: null },
    ])
  })

  it('gives a thread that died its lines before its crash is reported', async () => {
    const h = started()
    const { thread, runs } = await readyThread(h, [1])
    thread.claim(runs[0])
    thread.hold()
    thread.log(runs[0], 'lost with the thread')
    thread.ringLog(runs[0], 'last words')
    thread.die(7)
    expect(h.heard).toEqual([
      { kind: 'log', job: 1, text: 'last words' },
      { kind: 'crash', job: 1, reason: 'runner worker exited unexpectedly: thread exit code 7' },
    ])
  })

  it("collects a run's lines on demand (a kill is about to end it), and none of a cancelled run", async () => {
    const h = started()
    const { thread, runs, tickets } = await readyThread(h, [1])
    thread.claim(runs[0])
    thread.ringLog(runs[0], 'step 1')
    h.pool.collectLogs(tickets[0])
    expect(h.heard).toEqual([{ kind: 'log', job: 1, text: 'step 1' }])
    h.pool.cancel(tickets[0], 500)
    thread.ringLog(runs[0], 'step 2')
    thread.announceLogs()
    expect(h.heard).toHaveLength(1)
  })
})

describe('RunnerPool: idle and close', () => {
  it('terminates a worker idle for the limit, and close() waits for every thread to exit', async () => {
    const h = started(2)
    const { thread, runs } = await readyThread(h, [1])
    thread.complete(runs[0])
    expect(h.pool.sweepIdle(T0 + 999, 1000)).toBe(0)
    expect(h.pool.sweepIdle(T0 + 1000, 1000)).toBe(1)
    expect(thread.terminated).toBe(true)
    h.dispatch(2)
    await turn()
    expect(h.threads).toHaveLength(2)
    await h.pool.close()
    expect(h.threads[1].terminated).toBe(true)
    expect(h.pool.size).toBe(0)
  })
})
