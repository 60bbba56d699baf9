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
  /** Inside a transaction: throws a FencedError unless the node still holds its lease (the row stays locked till the end). */
  check(tx: Pick<Repos, 'nodes'>, nowMs: number): Promise<void>
  /**
   * Whether the node plans and fires scheduled fires: not while its clock is off the database's by
   * more than the margin (src/shared/clock-skew.ts). Absent: always.
   */
  leads?(): boolean
}

/** The refusal of work this node may no longer do: its lease was taken (code `cluster.fenced`, a conflict). */
export function fencedError(node: string): ConflictError {
  return conflict('cluster.fenced', { node })
}

export function isFenced(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'cluster.fenced'
}
