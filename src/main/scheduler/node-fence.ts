import type { ConflictError } from '../../shared/errors'
import { conflict } from '../../shared/messages/coded-errors'
import type { NodeLease } from '../domain/nodes'
import type { Repos } from '../store/store'

/**
 * What the rest of the core asks of this node's place in the cluster (a fencing token in
 * Kleppmann's sense): a transaction that acts for the node proves its epoch inside it, and an
 * executor call — which no database can fence — goes out only while the node may act by its own
 * clock. A node taken for dead fails both until it has joined again.
 */
export interface NodeFence {
  /** The lease to prove, or null between two lives of the node. */
  lease(): NodeLease | null
  /** Whether the node's last renewal is recent enough that no other node can have taken it for dead. */
  actsAt(nowMs: number): boolean
  /**
   * Inside a transaction: throws a fence's refusal (isFenced) unless the node may act and still
   * holds its fence (the fence row stays locked till the transaction ends).
   */
  check(tx: Pick<Repos, 'nodes'>, nowMs: number): Promise<void>
  /**
   * Whether the node plans and fires scheduled fires: not while its clock is off the database's by
   * more than the margin (src/shared/clock-skew.ts). Absent: always.
   */
  leads?(): boolean
}

/** The refusal of work this node may no longer do: it was taken for dead and its work taken over (code `cluster.fenced`, a conflict). */
export function fencedError(node: string): ConflictError {
  return conflict('cluster.fenced', { node })
}

/**
 * The refusal of work while the node's last renewal is too old to act on (code `cluster.lapsed`):
 * nothing was taken over; the work waits for the next renewal.
 */
export function lapsedError(node: string, lateMs: number): ConflictError {
  return conflict('cluster.lapsed', { node, lateMs: Math.max(0, Math.round(lateMs)) })
}

/** The refusal of work between two lives of the node, or before its first join landed (code `cluster.notJoined`). */
export function notJoinedError(node: string): ConflictError {
  return conflict('cluster.notJoined', { node })
}

const FENCE_REFUSALS = new Set(['cluster.fenced', 'cluster.lapsed', 'cluster.notJoined'])

/** Whether the fence refused the work (taken over, lapsed, or not joined): what was refused is held or dropped, never failed. */
export function isFenced(error: unknown): boolean {
  return FENCE_REFUSALS.has((error as { code?: unknown } | null)?.code as string)
}
