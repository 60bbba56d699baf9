import type { ApiMethod } from '../../../../src/shared/api'
import type { AuditAction } from '../../../../src/shared/auth'
import type { SessionRole } from '../../../support/security-world'
import type { Credential } from './security-matrix'

/** Who may make a call: anyone signed in, a viewer of the object's group, an operator of it, an admin. */
export type Need = 'anyone' | 'viewer' | 'operator' | 'admin'

/** A case of the bridge's matrix (security-matrix-bridge.test.ts): who may call the method, and the audit action of a refusal. */
export interface BridgeCase {
  label?: string
  method: ApiMethod
  args: (role: SessionRole) => unknown[] | Promise<unknown[]>
  need: Need
  /** Names an address outside the object's group: an admin's only. */
  foreign?: boolean
  /** A permitted call that may still fail for a reason of its own (no SMTP server, no XXL-JOB database). */
  mayFail?: boolean
  /** The audit action of a refusal. */
  action: AuditAction
}

/** A case of the HTTP matrix (security-matrix-http.test.ts). */
export interface HttpCase {
  label: string
  path: string
  body: () => unknown
  /** Who may: by credential (a personal token and the group token act in A; the API token is an admin). */
  may: Credential[]
  /** The action a refusal is recorded under when the credential itself was good. */
  action: AuditAction
}
