import type { ClockSkewVerdict } from '../../shared/clock-skew'
import type { ClusterNode } from '../domain/nodes'
import type { RingFire } from '../domain/fires'
import type { Repos } from '../store/store'

/** What this node takes on as the cluster changes around it; the scheduler's ring and the trigger service do the work. */
export interface NodeDuties {
  /**
   * Inside the transaction that joins the node — its first join, and each join after it was taken
   * for dead: what must be there from its first moment as a member (its embedded executor in the
   * registry). A take-over removed it; registered again in the same step, a rejoined node is never
   * a member without an executor, so no run routed meanwhile fails for want of an address.
   */
  registerIn(tx: Pick<Repos, 'registry' | 'groups'>, nowMs: number): Promise<void>
  /** The join (with `registerIn`) committed. */
  onJoined(): void
  /**
   * Inside the transaction that takes a dead node over: what leaves with it (its embedded executor
   * from the registry). In the take-over's transaction, not after it: the node, if only paused,
   * rejoins once it finds its row gone — after the commit — and a removal that came later would
   * remove its new registration.
   */
  forgetIn(tx: Pick<Repos, 'registry' | 'groups'>, node: ClusterNode, nowMs: number): Promise<void>
  /** Fires taken over from a dead node (or an earlier life of this process), for this node's ring. */
  adopt(fires: RingFire[]): void
  /** Runs a dead node wrote but had not triggered, taken over while still inside the misfire threshold: trigger them. */
  adoptRuns(logIds: number[]): void
  /** A dead node is gone for good: its embedded runs will never finish. */
  onNodeGone(node: ClusterNode): Promise<void>
  /**
   * This node was taken for dead and its work taken over: drop what it still holds of its old life
   * (the fires in its ring, runs written and not yet triggered) before it joins again.
   */
  onFenced(): void
  /** Its lease was renewed (after every heartbeat): work held while it lapsed, if any, may go on. */
  onRenewed(): void
  /**
   * This node's clock has just gone off the database's by more than the margin: it stops leading
   * (its planned fires are handed to the other nodes) — drop the fires its ring still holds.
   */
  onStopLeading?(): void
  /** This node's clock has just gone off the database's by more than the warning threshold (once per episode). */
  onClockSkewed?(verdict: ClockSkewVerdict, episodeStartMs: number): void
}
