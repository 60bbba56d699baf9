/**
 * At most `permits` requests at once per pool (a shared agent's connections to one origin), the rest
 * waiting in order. The agent keeps that many connections per origin, so a request let through finds
 * one free: the time it takes is the peer's round trip, and the time it waited is this process's own
 * queue, measured apart. In a trigger burst 300 triggers are in flight against 32 connections, and a
 * trail that said "accepted in 30 ms" blamed the executor for 27 ms of waiting here.
 */
export class ConnectionGates {
  private readonly gates = new Map<string, Gate>()

  constructor(private readonly permits: number) {}

  /** Resolves once `pool` has a free connection (at once when it has), with how long that took. */
  enter(pool: string, nowMs: () => number): number | Promise<number> {
    let gate = this.gates.get(pool)
    if (!gate) this.gates.set(pool, (gate = { inUse: 0, waiting: [] }))
    if (gate.inUse < this.permits) {
      gate.inUse++
      return 0
    }
    const since = nowMs()
    return new Promise((resolve) => gate.waiting.push(() => resolve(nowMs() - since)))
  }

  /** The request let through by `enter` ended: the next one waiting goes, or the connection is free. */
  leave(pool: string): void {
    const gate = this.gates.get(pool)
    if (!gate) return
    const next = gate.waiting.shift()
    if (next) return next()
    // A pool no request uses keeps no entry: executors come and go over months.
    if (--gate.inUse === 0) this.gates.delete(pool)
  }

  /** Pools with a request under way (for tests). */
  get poolsInUse(): number {
    return this.gates.size
  }

  /** Requests waiting for `pool` (for tests). */
  waitingFor(pool: string): number {
    return this.gates.get(pool)?.waiting.length ?? 0
  }
}

interface Gate {
  inUse: number
  waiting: (() => void)[]
}
