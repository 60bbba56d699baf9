import { CLOCK_SKEW_WARN_MS, NODE_CLOCK_MARGIN_MS, judgeClockSkew, type ClockSample, type ClockSkewVerdict } from '../../shared/clock-skew'
import type { Clock } from '../kernel/clock'
import type { Logger } from '../kernel/logger'
import type { NodeLease } from '../domain/nodes'
import type { Repos } from '../store/store'

/** Samples kept: judgeClockSkew looks at fewer; the rest only bound the memory. */
const KEPT_SAMPLES = 8
/** The row is rewritten when the estimate moves by this much (or its state changes), not at every beat. */
const ROW_CHANGE_MS = 5

interface NodeClockOptions {
  nodes: Pick<Repos['nodes'], 'serverNowMs' | 'setClockSkew'>
  clock: Clock
  logger: Logger
  nodeName: string
}

/** What one measurement changed: the verdict before and after it. */
interface ClockChange {
  before: ClockSkewVerdict | null
  after: ClockSkewVerdict | null
}

/**
 * This node's clock against the database server's, read at every heartbeat: each reading is a
 * sample (the local clock before and after the round trip, the server's time), and the recent ones
 * are judged by src/shared/clock-skew.ts. The estimate goes to the node's row, where the other
 * nodes and the console read it; a change of state is logged. SQLite has no server clock (the
 * processes sharing a file run on one machine, on one clock): nothing is measured, nothing refused.
 */
export class NodeClock {
  private samples: ClockSample[] = []
  private verdict: ClockSkewVerdict | null = null
  /** The skew as last written to the node's row (undefined: not written in this life of the node). */
  private written: number | null | undefined = undefined

  constructor(private readonly options: NodeClockOptions) {}

  /** The current verdict; null while nothing is measured. */
  skew(): ClockSkewVerdict | null {
    return this.verdict
  }

  /** Whether the node may plan and fire scheduled fires: not while its clock is off by more than the margin. */
  leads(): boolean {
    return this.verdict?.state !== 'refuse'
  }

  /** A new life of the node (it joined again): its row is new, so the skew is written again. */
  rejoined(): void {
    this.written = undefined
  }

  /** Reads the database's clock once, judges the samples so far, records the estimate; never rejects. */
  async measure(lease: NodeLease): Promise<ClockChange> {
    const { nodes, clock, logger, nodeName } = this.options
    const before = this.verdict
    try {
      const sentMs = clock.nowMs()
      const serverMs = await nodes.serverNowMs()
      if (serverMs === null) return { before, after: before }
      const receivedMs = clock.nowMs()
      this.samples.push({ sentMs, receivedMs, serverMs })
      if (this.samples.length > KEPT_SAMPLES) this.samples.shift()
      this.verdict = judgeClockSkew(this.samples, receivedMs)
      this.report(before, this.verdict)
      const skewMs = this.verdict?.skewMs ?? null
      const moved = this.written === undefined || this.written === null || skewMs === null || Math.abs(skewMs - this.written) >= ROW_CHANGE_MS
      if (moved || before?.state !== this.verdict?.state) {
        await nodes.setClockSkew(lease, skewMs)
        this.written = skewMs
      }
    } catch (error) {
      logger.warn("measuring this node's clock against the database's failed", { node: nodeName, error: (error as Error).message })
    }
    return { before, after: this.verdict }
  }

  private report(before: ClockSkewVerdict | null, after: ClockSkewVerdict | null): void {
    const { logger, nodeName } = this.options
    const was = before?.state ?? 'ok'
    const now = after?.state ?? 'ok'
    if (was === now || after === null) return
    const facts = { node: nodeName, skewMs: after.skewMs, uncertaintyMs: after.uncertaintyMs }
    if (now === 'refuse')
      logger.warn(
        `this node's clock is off the database's by more than ${NODE_CLOCK_MARGIN_MS} ms: it plans and fires no scheduled fires (the other nodes do) until it is back within; set its clock right (NTP)`,
        facts,
      )
    else if (now === 'warn')
      logger.warn(
        was === 'refuse'
          ? `this node's clock is back within ${NODE_CLOCK_MARGIN_MS} ms of the database's: it plans and fires again, but is still off by more than ${CLOCK_SKEW_WARN_MS} ms`
          : `this node's clock is off the database's by more than ${CLOCK_SKEW_WARN_MS} ms; above ${NODE_CLOCK_MARGIN_MS} ms it would stop firing; set its clock right (NTP)`,
        facts,
      )
    else logger.info("this node's clock agrees with the database's again", facts)
  }
}
