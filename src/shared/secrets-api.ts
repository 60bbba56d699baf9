import type { SecretSummary, SecretVersionView } from './secrets'

/**
 * A secret's scope in a request: an executor group's id, or absent (or null) for a global secret —
 * visible to every group's jobs; a group's own secret of the same name wins for its jobs.
 */
export interface SecretScope {
  groupId?: number | null
}

/** The secrets store (docs/secrets.md): part of JobDeskApi (./api.ts). Write-only: no method returns a value. */
export interface SecretsApi {
  /**
   * Stores a secret's new value (operators of the group; admins for a global one). The value it
   * replaces stays usable for the grace period (SECRET_GRACE_MS), then the maintenance purges it.
   * Resolves with the new version's number, never the value.
   */
  setSecret(request: SecretScope & { name: string; value: string }): Promise<{ version: number }>
  /**
   * Names, scopes, who set them and when, and how many versions are kept — never a value. Without
   * `groupId`: the global secrets and those of every group the caller sees; with a group's id: that
   * group's own and the global ones (what its jobs can reference); with null: the global ones.
   */
  listSecrets(filter?: SecretScope): Promise<SecretSummary[]>
  /** Removes a secret by name and scope, with every version (as setSecret's rights). */
  removeSecret(request: SecretScope & { name: string }): Promise<void>
  /** A secret's kept versions, newest first: who set each and when, and until when a replaced one is kept — never a value. */
  listSecretVersions(request: SecretScope & { name: string }): Promise<SecretVersionView[]>
}
