import { existsSync } from 'node:fs'
import { appendFile, readdir, readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeTempDir } from '../../../../../test/support/executor-fixtures'
import { ManualClock, systemClock, type Clock } from '../../../kernel/clock'
import { silentLogger } from '../../../kernel/logger'
import { formatLocalDate } from '../log-format'
import { PackedRunLogStore, type PackedRunLogOptions } from './packed-run-log-store'

const DAY_MS = new Date(2031, 2, 14, 10, 0, 0).getTime()
const DAY = formatLocalDate(DAY_MS)

describe('PackedRunLogStore', () => {
  let temp: { dir: string; remove(): Promise<void> }
  let stores: PackedRunLogStore[]
  let changed: number[]
  beforeEach(async () => {
    temp = await makeTempDir('jobdesk-packed-')
    stores = []
    changed = []
  })
  afterEach(async () => {
    for (const store of stores) await store.drain()
    await temp.remove()
  })

  const makeStore = (overrides: Partial<PackedRunLogOptions> = {}, clock: Clock = systemClock) => {
    const store = new PackedRunLogStore({ logDir: temp.dir, clock, logger: silentLogger, onChanged: (id) => changed.push(id), ...overrides })
    stores.push(store)
    return store
  }
  /** Writes a whole run: `count` lines `<logId> line <n>`. */
  const writeRun = (store: PackedRunLogStore, logId: number, count: number, close = true) => {
    const log = store.open(logId, DAY_MS)
    for (let n = 1; n <= count; n++) store.append(log, `${logId} line ${n}\n`)
    if (close) store.close(log)
    return log
  }
  /** Writes each run whole (one append, then closed), lets the store pack them, and returns the day's segment. */
  const packWhole = async (store: PackedRunLogStore, texts: ReadonlyMap<number, string>) => {
    for (const [logId, text] of texts) {
      const log = store.open(logId, DAY_MS)
      store.append(log, text)
      store.close(log)
    }
    await store.drain()
    return readFile(join(temp.dir, DAY, 'runs-1.seg'))
  }
  const expected = (logId: number, from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `${logId} line ${from + i}\n`).join('')
  const dayFiles = async () => (await readdir(join(temp.dir, DAY)).catch(() => [] as string[])).sort()

  it('serves a live run from memory with XXL paging, and tells tails about new lines', async () => {
    const store = makeStore()
    const log = writeRun(store, 7, 3, false)
    expect(changed).toEqual([7, 7, 7])
    expect(await store.read(7, DAY_MS, 1)).toEqual({ fromLineNum: 1, toLineNum: 3, logContent: expected(7, 1, 3), isEnd: false })
    expect(await store.read(7, DAY_MS, 3)).toEqual({ fromLineNum: 3, toLineNum: 3, logContent: expected(7, 3, 3), isEnd: false })
    expect(await store.read(7, DAY_MS, 4)).toEqual({ fromLineNum: 4, toLineNum: 0, logContent: '', isEnd: false })
    expect(await store.read(8, DAY_MS, 1)).toBeNull()
    expect(await dayFiles()).toEqual([])
    store.close(log)
  })

  it('packs runs written in other scripts and with emoji byte-exact: each read back whole, its neighbours intact', async () => {
    const store = makeStore()
    const texts = new Map<number, string>()
    for (let logId = 1; logId <= 60; logId++) {
      texts.set(
        logId,
        [`${logId} 结算完成 ${'é'.repeat(logId)}\n`, `${logId} 🧾 ${'x'.repeat(logId % 7)}\n`, `${logId} plain\n`].slice(0, 1 + (logId % 3)).join(''),
      )
    }
    const segment = await packWhole(store, texts)
    expect(segment.length).toBe([...texts.values()].reduce((bytes, text) => bytes + Buffer.byteLength(text), 0))
    for (const [logId, text] of texts) {
      expect(await store.read(logId, DAY_MS, 1)).toEqual({ fromLineNum: 1, toLineNum: 1 + (logId % 3), logContent: text, isEnd: false })
    }
  })

  it('packs batches too big for one-pass room (megabytes of multi-byte text) byte-exact', async () => {
    const store = makeStore()
    // 24 runs of ~100,000 characters, each under the spill size: their batches need more than 4 MiB of worst-case room.
    const texts = new Map<number, string>()
    for (let logId = 1; logId <= 24; logId++) texts.set(logId, `${logId} ${'结算 ✓ é '.repeat(12_000 + logId)}\n${logId} 🧾 done\n`)
    const segment = await packWhole(store, texts)
    expect(segment.length).toBe([...texts.values()].reduce((bytes, text) => bytes + Buffer.byteLength(text), 0))
    expect(segment.toString('utf8')).toBe([...texts.values()].join(''))
    for (const logId of [1, 12, 24]) expect((await store.read(logId, DAY_MS, 2))?.logContent).toBe(`${logId} 🧾 done\n`)
  })

  it('packs finished runs into one segment and index per day, without a file per run', async () => {
    const store = makeStore()
    for (let logId = 1; logId <= 500; logId++) writeRun(store, logId, 1 + (logId % 4))
    // Readable at once, whether still in memory, being written, or packed.
    expect(await store.read(250, DAY_MS, 1)).toMatchObject({ toLineNum: 3, logContent: expected(250, 1, 3) })
    await store.drain()
    expect(store.liveCount).toBe(0)
    expect(await dayFiles()).toEqual(['runs-1.idx', 'runs-1.seg'])
    const segment = await readFile(join(temp.dir, DAY, 'runs-1.seg'), 'utf8')
    expect(segment.split('\n').length - 1).toBe(Array.from({ length: 500 }, (_, i) => 1 + ((i + 1) % 4)).reduce((a, b) => a + b))
    for (const logId of [1, 123, 500]) {
      const lines = 1 + (logId % 4)
      expect(await store.read(logId, DAY_MS, 1)).toEqual({ fromLineNum: 1, toLineNum: lines, logContent: expected(logId, 1, lines), isEnd: false })
    }
    expect(await store.read(123, DAY_MS, 2)).toMatchObject({ fromLineNum: 2, toLineNum: 4, logContent: expected(123, 2, 4) })
    expect(await store.read(123, DAY_MS, 9)).toEqual({ fromLineNum: 9, toLineNum: 0, logContent: '', isEnd: false })
    expect(await store.read(501, DAY_MS, 1)).toBeNull()
  })

  it('reloads the index from disk after a restart, starts a new segment and appends late lines in order', async () => {
    const first = makeStore()
    for (let logId = 1; logId <= 50; logId++) writeRun(first, logId, 2)
    await first.drain()

    const second = makeStore()
    expect(await second.read(20, DAY_MS, 1)).toMatchObject({ toLineNum: 2, logContent: expected(20, 1, 2) })
    // A callback retried after the restart adds its line to a packed run.
    const late = second.open(20, DAY_MS)
    second.append(late, '20 line 3\n')
    second.close(late)
    expect(await second.read(20, DAY_MS, 2)).toMatchObject({ fromLineNum: 2, toLineNum: 3, logContent: expected(20, 2, 3) })
    writeRun(second, 51, 2)
    await second.drain()
    expect(await dayFiles()).toEqual(['runs-1.idx', 'runs-1.seg', 'runs-2.idx', 'runs-2.seg'])

    const third = makeStore()
    expect(await third.read(20, DAY_MS, 1)).toMatchObject({ toLineNum: 3, logContent: expected(20, 1, 3) })
    expect(await third.read(51, DAY_MS, 1)).toMatchObject({ toLineNum: 2, logContent: expected(51, 1, 2) })
  })

  it('ignores a torn index record left by a crash', async () => {
    const first = makeStore()
    writeRun(first, 1, 2)
    writeRun(first, 2, 2)
    await first.drain()
    await appendFile(join(temp.dir, DAY, 'runs-1.idx'), Buffer.alloc(30, 0xff))
    const second = makeStore()
    expect(await second.read(2, DAY_MS, 1)).toMatchObject({ toLineNum: 2, logContent: expected(2, 1, 2) })
  })

  it('spills a run still executing after the spill age to its own file, and reads it whole; a run still waiting to start stays packed', async () => {
    const clock = new ManualClock(DAY_MS)
    const store = makeStore({ spillAfterMs: 1000 }, clock)
    const slow = writeRun(store, 9, 2, false)
    writeRun(store, 10, 1, false)
    // Ended, waiting only for its callback line: no spill however long delivery takes.
    const awaitingCallback = writeRun(store, 12, 2, false)
    store.markEnded(awaitingCallback)
    await clock.advance(500)
    const young = writeRun(store, 11, 1, false)
    await clock.advance(600)
    const path = join(temp.dir, DAY, '9.log')
    store.append(slow, '9 line 3\n')
    expect(await store.read(9, DAY_MS, 1)).toMatchObject({ toLineNum: 3, logContent: expected(9, 1, 3) })
    expect(await readFile(path, 'utf8')).toBe(expected(9, 1, 3))
    store.append(awaitingCallback, '12 line 3\n')
    store.close(awaitingCallback)
    store.close(slow)
    store.close(young)
    await store.drain()
    // Only its start line: still waiting for a worker, so a backlog never turns into a file per run.
    expect(existsSync(join(temp.dir, DAY, '10.log'))).toBe(false)
    expect(existsSync(join(temp.dir, DAY, '11.log'))).toBe(false)
    expect(existsSync(join(temp.dir, DAY, '12.log'))).toBe(false)
    expect(await store.read(12, DAY_MS, 1)).toMatchObject({ toLineNum: 3, logContent: expected(12, 1, 3) })
    expect(await readFile(path, 'utf8')).toBe(expected(9, 1, 3))
    expect(await store.read(11, DAY_MS, 1)).toMatchObject({ logContent: expected(11, 1, 1) })
    expect(await dayFiles()).toEqual(['9.log', 'runs-1.idx', 'runs-1.seg'])
  })

  it('spills a run whose lines outgrow the memory limit', async () => {
    const store = makeStore({ spillChars: 100 })
    writeRun(store, 3, 20)
    await store.drain()
    expect(await readFile(join(temp.dir, DAY, '3.log'), 'utf8')).toBe(expected(3, 1, 20))
    expect(await store.read(3, DAY_MS, 19)).toMatchObject({ fromLineNum: 19, toLineNum: 20, logContent: expected(3, 19, 20) })
  })

  it('rolls segments at their size limit and reloads indexes the cache dropped', async () => {
    const store = makeStore({ segmentMaxBytes: 2000, indexCacheBytes: 1 })
    for (let logId = 1; logId <= 200; logId++) {
      writeRun(store, logId, 3)
      if (logId % 20 === 0) await store.settle()
    }
    await store.drain()
    const segments = (await dayFiles()).filter((name) => name.endsWith('.seg'))
    expect(segments.length).toBeGreaterThan(3)
    for (const logId of [1, 77, 150, 200]) expect(await store.read(logId, DAY_MS, 1)).toMatchObject({ toLineNum: 3, logContent: expected(logId, 1, 3) })
  })

  it('keeps every line in order when a run gets more lines while its block is being packed', async () => {
    const store = makeStore({ flushDelayMs: 0 })
    const ids = Array.from({ length: 200 }, (_, i) => 1000 + i)
    for (const logId of ids) writeRun(store, logId, 1)
    for (let round = 2; round <= 6; round++) {
      await new Promise((resolve) => setImmediate(resolve))
      for (const logId of ids) {
        if ((logId + round) % 3 === 0) continue
        const log = store.open(logId, DAY_MS)
        store.append(log, `${logId} late ${round}\n`)
        store.close(log)
      }
    }
    const want = (logId: number) =>
      `${logId} line 1\n` +
      [2, 3, 4, 5, 6]
        .filter((round) => (logId + round) % 3 !== 0)
        .map((round) => `${logId} late ${round}\n`)
        .join('')
    for (const logId of ids.slice(0, 20)) expect((await store.read(logId, DAY_MS, 1))!.logContent).toBe(want(logId))
    await store.drain()
    const reopened = makeStore()
    for (const logId of ids) expect((await reopened.read(logId, DAY_MS, 1))!.logContent).toBe(want(logId))
  })

  it('forgets a date folder the retention cleaner deleted, and writes it anew', async () => {
    const store = makeStore()
    writeRun(store, 1, 2)
    await store.drain()
    await rm(join(temp.dir, DAY), { recursive: true, force: true })
    store.forgetDays([DAY])
    expect(await store.read(1, DAY_MS, 1)).toBeNull()
    writeRun(store, 2, 1)
    await store.drain()
    expect(await store.read(2, DAY_MS, 1)).toMatchObject({ logContent: expected(2, 1, 1) })
    expect(await dayFiles()).toEqual(['runs-1.idx', 'runs-1.seg'])
  })
})
