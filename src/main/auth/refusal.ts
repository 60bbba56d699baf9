import type { ApiMethod } from '../../shared/api'
import { notFound, notPermitted } from '../../shared/messages/coded-errors'
import type { MessageCode } from '../../shared/messages'
import { operatesGroup, seesGroup, type Principal } from '../../shared/principal'

/**
 * A request the principal may not make. The guard records it in the audit trail and the caller
 * gets `error` — a not-found for what it may not even see (an operator of group A learns nothing of
 * group B's jobs), a permission error for what it sees but may not do.
 */
export class Refusal extends Error {
  constructor(readonly error: Error & { code: string }) {
    super(error.message)
  }
}

export function refuse(error: Error & { code: string }): never {
  throw new Refusal(error)
}

/** Refusals whose audit row is written, so a refusal that passes through two guards is recorded once. */
const recorded = new WeakSet<object>()

export function markRecorded(error: object): void {
  recorded.add(error)
}

export function isRecorded(error: unknown): boolean {
  return typeof error === 'object' && error !== null && recorded.has(error)
}

export function requireAdmin(principal: Principal, method: ApiMethod): void {
  if (principal.role !== 'admin') refuse(notPermitted('auth.adminOnly', { method }))
}

/** `hidden`: the not-found the caller gets for an object in a group it does not see. */
export function requireSees(principal: Principal, groupId: number, hidden: { code: MessageCode; id: number }): void {
  if (!seesGroup(principal, groupId)) refuse(notFound(hidden.code, { id: hidden.id }))
}

export function requireOperates(principal: Principal, groupId: number, method: ApiMethod, hidden?: { code: MessageCode; id: number }): void {
  if (!seesGroup(principal, groupId)) refuse(hidden ? notFound(hidden.code, { id: hidden.id }) : notPermitted('auth.groupNotGranted', { groupId, method }))
  if (!operatesGroup(principal, groupId)) refuse(notPermitted('auth.viewerReadOnly', { method }))
}
