/** What the console and the API see of a secret (docs/secrets.md): never its value. */
export interface SecretSummary {
  name: string
  /** The executor group the secret belongs to; null: a global secret, visible to every group. */
  groupId: number | null
  createdBy: string
  createdAtMs: number
  /** Who set the current value, and when. */
  setBy: string
  setAtMs: number
  /** The current version and those still in their grace period. */
  versions: number
}

/** One value a secret has had, without the value. */
export interface SecretVersionView {
  version: number
  setBy: string
  setAtMs: number
  /** When a newer value replaced this one; null for the current version. */
  retiredAtMs: number | null
  /** Until when a retired version is still masked and kept (its grace period); null for the current one. */
  graceUntilMs: number | null
}

/** How long a replaced value stays kept (and masked in what runs still send back) before the maintenance purges it. */
export const SECRET_GRACE_MS = 24 * 60 * 60 * 1000

/** At most this many bytes in a secret's value (UTF-8): a password, a key, a certificate — not a file store. */
export const SECRET_VALUE_MAX_BYTES = 64 * 1024
