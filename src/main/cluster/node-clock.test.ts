import { describe, expect, it } from 'vitest'
import { ManualClock } from '../kernel/clock'
import type { Logger } from '../kernel/logger'
import type { NodeLease } from '../domain/nodes'
import { NodeClock } from './node-clock'

const T0 = Date.UTC(2026, 11, 6, 12, 0, 0)
const LEASE: NodeLease = { nodeId: 'n1', epoch: 3 }

/** A node repo whose server clock reads the manual clock less `serverBehindMs`; records the skews written. */
function world(serverBehindMs: number | null) {
  const clock = new ManualClock(T0)
  const written: (number | null)[] = []
  const lines: { level: string; msg: string }[] = []
  const state = { serverBehindMs, down: false }
  const note = (level: string) => (msg: string) => void lines.push({ level, msg })
  const logger: Logger = { debug: note('debug'), info: note('info'), warn: note('warn'), error: note('error') }
  const watch = new NodeClock({
    nodes: {
      serverNowMs: async () => {
        if (state.down) throw new Error('connection lost')
        return state.serverBehindMs === null ? null : clock.nowMs() - state.serverBehindMs
      },
      setClockSkew: async (lease, skewMs) => {
        expect(lease).toEqual(LEASE)
        written.push(skewMs)
      },
    },
    clock,
    logger,
    nodeName: 'node-1',
  })
  const beat = async () => {
    await clock.advance(1000)
    return watch.measure(LEASE)
  }
  return { clock, written, lines, state, watch, beat }
}

describe('NodeClock', () => {
  it('measures nothing and refuses nothing without a server clock (SQLite)', async () => {
    const w = world(null)
    expect(await w.beat()).toEqual({ before: null, after: null })
    expect(w.watch.leads()).toBe(true)
    expect(w.written).toEqual([])
  })

  it('writes the skew to the row at the first beat and then only when it moves or its state changes', async () => {
    const w = world(20)
    await w.beat()
    await w.beat()
    w.state.serverBehindMs = 22
    await w.beat()
    w.state.serverBehindMs = 40
    await w.beat()
    expect(w.written).toEqual([20, 40])
    expect(w.lines).toEqual([])
    // A new life of the node has a new row: written again.
    w.watch.rejoined()
    await w.beat()
    expect(w.written).toEqual([20, 40, 40])
  })

  it('warns above 250 ms, refuses the lead above the margin, and leads again once the clock is back, logging each change once', async () => {
    const w = world(300)
    expect((await w.beat()).after).toMatchObject({ skewMs: 300, state: 'warn' })
    expect(w.watch.leads()).toBe(true)
    w.state.serverBehindMs = 2000
    const change = await w.beat()
    expect(change.before?.state).toBe('warn')
    expect(change.after).toMatchObject({ skewMs: 2000, state: 'refuse' })
    expect(w.watch.leads()).toBe(false)
    await w.beat()
    w.state.serverBehindMs = -10
    expect((await w.beat()).after).toMatchObject({ skewMs: -10, state: 'ok' })
    expect(w.watch.leads()).toBe(true)
    expect(w.lines.map((l) => l.level)).toEqual(['warn', 'warn', 'info'])
    expect(w.lines[1].msg).toContain('plans and fires no scheduled fires')
    expect(w.written).toEqual([300, 2000, -10])
  })

  it('keeps its verdict when the server cannot be read, and says so', async () => {
    const w = world(2000)
    await w.beat()
    w.state.down = true
    const change = await w.beat()
    expect(change.after).toMatchObject({ skewMs: 2000, state: 'refuse' })
    expect(w.watch.leads()).toBe(false)
    expect(w.lines.at(-1)).toEqual({ level: 'warn', msg: "measuring this node's clock against the database's failed" })
  })
})
