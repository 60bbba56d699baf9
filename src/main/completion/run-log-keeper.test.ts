import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { LogPage } from '../../shared/model'
import type { ExecutorApi, ExecutorReply, LogRequest } from '../executor/executor-api'
import { ManualClock } from '../kernel/clock'
import { silentLogger } from '../kernel/logger'
import { openSqliteStore } from '../store/sqlite/open-sqlite-store'
import type { Store } from '../store/store'
import { ExecutorDirectory } from '../trigger/executor-directory'
import { embeddedAddressOf } from '../domain/embedded-address'
import { pageOfText } from '../runs/log-text'
import { FINAL_PULL_DELAY_MS, KEPT_LOG_MAX_CHARS, RunLogKeeper } from './run-log-keeper'
import { newRun } from '../../../test/support/new-run'

const ADDRESS = 'http://10.0.0.7:9999/'
const T0 = Date.UTC(2026, 10, 30, 9)

/** A LAN executor whose log and reachability the test sets; it counts the /log calls. */
class FakeLanExecutor {
  lines: string[] = []
  up = true
  calls: LogRequest[] = []

  api(): ExecutorApi {
    const refuse = async (): Promise<ExecutorReply> => ({ code: 500, msg: 'not in this test' })
    return {
      beat: refuse,
      idleBeat: refuse,
      run: refuse,
      kill: refuse,
      log: async (request) => {
        this.calls.push(request)
        if (!this.up) return { code: 500, msg: `executor ${ADDRESS}: connect ECONNREFUSED 10.0.0.7:9999` }
        const text = this.lines.map((line) => `${line}\n`).join('')
        return { code: 200, msg: null, data: pageOfText(text, request.fromLineNum, false) as LogPage }
      },
    }
  }
}

let dir: string
let store: Store
let executor: FakeLanExecutor
let clock: ManualClock
let keeper: RunLogKeeper

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'jobdesk-keeper-'))
  store = openSqliteStore(join(dir, 'jobdesk.db'))
  executor = new FakeLanExecutor()
  clock = new ManualClock(T0)
  keeper = new RunLogKeeper({
    store,
    executors: new ExecutorDirectory({
      embedded: null,
      embeddedAddress: embeddedAddressOf('test'),
      remote: () => executor.api(),
      entitled: async () => new Set([ADDRESS]),
    }),
    clock,
    logger: silentLogger,
    keepPeriodMs: 5000,
  })
  keeper.start()
})
afterEach(async () => {
  await keeper.close()
  await store.close()
  rmSync(dir, { recursive: true, force: true })
})

/** A running run on the fake executor. */
async function runningRun(): Promise<number> {
  const id = (await store.runs.insert(newRun({ executorHandler: 'h', triggerTimeMs: T0 })))!
  await store.runs.recordOutcomes([{ logId: id, executorAddress: ADDRESS, triggerCode: 200, triggerMsg: '' }])
  keeper.noteTriggered(id, ADDRESS)
  return id
}

/** Lets pulls in flight (promises, no timers) settle. */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve))
}

describe('RunLogKeeper', () => {
  it('copies a running run every period, asking only for the lines after the copy', async () => {
    const id = await runningRun()
    executor.lines = ['one', 'two']
    await clock.advance(5000)
    await settle()
    expect(await store.logTexts.get(id)).toEqual({ text: 'one\ntwo\n', lineCount: 2, complete: false })
    executor.lines.push('three')
    await clock.advance(5000)
    await settle()
    expect(await store.logTexts.get(id)).toEqual({ text: 'one\ntwo\nthree\n', lineCount: 3, complete: false })
    expect(executor.calls.map((call) => call.fromLineNum)).toEqual([1, 3])
  })

  it('pulls at the end at once and again after the delay, then the copy is final', async () => {
    const id = await runningRun()
    executor.lines = ['started']
    keeper.keepFinished([id])
    await settle()
    expect(await store.logTexts.get(id)).toMatchObject({ lineCount: 1, complete: false })
    executor.lines.push('callback finish')
    await clock.advance(FINAL_PULL_DELAY_MS)
    await settle()
    expect(await store.logTexts.get(id)).toEqual({ text: 'started\ncallback finish\n', lineCount: 2, complete: true })
    // Once final, nothing asks the executor again.
    await keeper.offer(id, { fromLineNum: 3, toLineNum: 3, logContent: 'late\n', isEnd: false })
    expect((await store.logTexts.get(id))!.lineCount).toBe(2)
  })

  it('still makes the final pull of a run that ended just before a graceful stop, at its due time', async () => {
    const id = await runningRun()
    executor.lines = ['started']
    keeper.keepFinished([id])
    await settle()
    expect(await store.logTexts.get(id)).toMatchObject({ lineCount: 1, complete: false })
    // The executor writes its last line once the admin has accepted the callback: after the first pull.
    executor.lines.push('callback finish')
    const closing = keeper.close()
    await settle()
    await clock.advance(FINAL_PULL_DELAY_MS)
    await closing
    expect(await store.logTexts.get(id)).toEqual({ text: 'started\ncallback finish\n', lineCount: 2, complete: true })
    expect(executor.calls.map((call) => call.fromLineNum)).toEqual([1, 2])
  })

  it('drops the periodic copies of running runs when it stops, without asking their executor', async () => {
    const id = await runningRun()
    executor.lines = ['one']
    await clock.advance(5000)
    await settle()
    const asked = executor.calls.length
    executor.lines.push('two')
    await keeper.close()
    await clock.advance(5000)
    await settle()
    expect(executor.calls).toHaveLength(asked)
    expect(await store.logTexts.get(id)).toMatchObject({ lineCount: 1, complete: false })
  })

  it('keeps what it had when the executor is gone at the end, and leaves the copy open', async () => {
    const id = await runningRun()
    executor.lines = ['a', 'b']
    await clock.advance(5000)
    await settle()
    executor.up = false
    keeper.keepFinished([id])
    await clock.advance(FINAL_PULL_DELAY_MS)
    await settle()
    expect(await store.logTexts.get(id)).toEqual({ text: 'a\nb\n', lineCount: 2, complete: false })
  })

  it('adds the part of a read page that continues the copy, and nothing that does not', async () => {
    const id = await runningRun()
    await keeper.offer(id, { fromLineNum: 1, toLineNum: 2, logContent: 'a\nb\n', isEnd: false })
    await keeper.offer(id, { fromLineNum: 1, toLineNum: 4, logContent: 'a\nb\nc\nd\n', isEnd: false })
    expect(await store.logTexts.get(id)).toMatchObject({ text: 'a\nb\nc\nd\n', lineCount: 4 })
    await keeper.offer(id, { fromLineNum: 7, toLineNum: 8, logContent: 'g\nh\n', isEnd: false })
    expect((await store.logTexts.get(id))!.lineCount).toBe(4)
  })

  it('caps a copy at whole lines with a line that says where the rest is', async () => {
    const id = await runningRun()
    const line = `${'x'.repeat(999)}\n`
    const count = Math.ceil(KEPT_LOG_MAX_CHARS / line.length) + 10
    await keeper.offer(id, { fromLineNum: 1, toLineNum: count, logContent: line.repeat(count), isEnd: false })
    const copy = (await store.logTexts.get(id))!
    expect(copy.complete).toBe(true)
    expect(copy.text.length).toBeLessThanOrEqual(KEPT_LOG_MAX_CHARS + 200)
    expect(copy.text.endsWith('the executor has the rest]\n')).toBe(true)
    expect(copy.lineCount).toBe(copy.text.split('\n').length - 1)
  })
})
