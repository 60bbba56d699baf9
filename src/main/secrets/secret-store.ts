import { SECRET_GRACE_MS, type SecretSummary, type SecretVersionView } from '../../shared/secrets'
import type { RepoAccess } from '../store/store'
import type { SealedValue, SealedVersion } from '../store/secret-repo'
import { KEY_CHECK_SETTING, keyCheckOf, keyOpens } from './secret-key-check'
import { wrongKey } from './secret-key-rotation'
import { openValue, sealValue, secretContext } from './secret-cipher'
import type { SecretReader } from './secret-reader'

/** One kept version, decrypted, as the cache holds it. */
interface OpenVersion {
  name: string
  groupId: number | null
  /** 0: current. */
  retiredAtMs: number
  value: string
}

export interface SecretStoreDeps {
  repos: RepoAccess<'secrets' | 'settings'>
  /** The 32-byte key the values are sealed with (secret-key-file.ts). */
  key: Buffer
  /** Where the key came from, for the refusal of a wrong one (the key file's path). */
  keySource: string
  nowMs: () => number
  /** How long a replaced value is kept (default SECRET_GRACE_MS). */
  graceMs?: number
}

/**
 * The secrets store (docs/secrets.md): values are sealed before they reach a repository and opened
 * only for the trigger path and the maskers (SecretReader). What it hands the API is names, authors,
 * times and version numbers — never a value.
 */
export class SecretStore implements SecretReader {
  private readonly graceMs: number
  /**
   * Every kept version decrypted, with the `secrets` counter it was read at: a read that finds the
   * counter moved (a write here, on another node, or by the CLI) loads again. One small query per
   * read, and reads happen only for runs that reference a secret and for the maskers.
   */
  private cache: { version: number; values: Promise<OpenVersion[]> } | null = null
  /** Told when the values may have changed (a write here, or a read finding another writer's): the maskers read them again. */
  onChange: () => void = () => {}

  constructor(private readonly deps: SecretStoreDeps) {
    this.graceMs = deps.graceMs ?? SECRET_GRACE_MS
  }

  /** Stores `value` as the secret's new current version (making the secret on its first value); resolves with its version. */
  async set(request: { name: string; groupId: number | null; value: string }, by: string): Promise<number> {
    const nowMs = this.deps.nowMs()
    const version = await this.deps.repos.transaction(async (tx) => {
      // The first secret stores the key check; a later one on a node with another key is refused (docs/secrets.md: one key file per cluster).
      if (!keyOpens(this.deps.key, await tx.settings.setIfAbsent<SealedValue>(KEY_CHECK_SETTING, keyCheckOf(this.deps.key))))
        throw wrongKey(this.deps.keySource)
      const id =
        (await tx.secrets.find(request.name, request.groupId))?.id ??
        (await tx.secrets.insert({ name: request.name, groupId: request.groupId, createdBy: by, createdAtMs: nowMs })) ??
        // Made by another writer between the find and the insert: it is there now.
        (await tx.secrets.find(request.name, request.groupId))!.id
      return tx.secrets.addVersion(id, sealValue(this.deps.key, request.value, secretContext(id)), by, nowMs)
    })
    this.forget()
    return version
  }

  /** Removes the secret and every version of it; resolves false when the scope has none of that name. */
  async remove(request: { name: string; groupId: number | null }): Promise<boolean> {
    const removed = await this.deps.repos.transaction(async (tx) => {
      const secret = await tx.secrets.find(request.name, request.groupId)
      return secret ? tx.secrets.delete(secret.id) : false
    })
    if (removed) this.forget()
    return removed
  }

  /** The secrets of these scopes (null: the global ones), or every secret when `scopes` is absent; values never. */
  async list(scopes?: readonly (number | null)[]): Promise<SecretSummary[]> {
    const secrets = await this.deps.repos.secrets.list(scopes)
    const versions = await this.deps.repos.secrets.versions(secrets.map((s) => s.id))
    return secrets.map((secret) => {
      const own = versions.filter((v) => v.secretId === secret.id)
      const current = own.find((v) => v.retiredAtMs === 0) ?? own[0]
      return {
        name: secret.name,
        groupId: secret.groupId,
        createdBy: secret.createdBy,
        createdAtMs: secret.createdAtMs,
        setBy: current?.setBy ?? '',
        setAtMs: current?.setAtMs ?? 0,
        versions: own.length,
      }
    })
  }

  /** The kept versions of one secret, newest first; undefined when the scope has none of that name. */
  async versions(request: { name: string; groupId: number | null }): Promise<SecretVersionView[] | undefined> {
    const secret = await this.deps.repos.secrets.find(request.name, request.groupId)
    if (!secret) return undefined
    return (await this.deps.repos.secrets.versions([secret.id])).map((v) => ({
      version: v.version,
      setBy: v.setBy,
      setAtMs: v.setAtMs,
      retiredAtMs: v.retiredAtMs === 0 ? null : v.retiredAtMs,
      graceUntilMs: v.retiredAtMs === 0 ? null : v.retiredAtMs + this.graceMs,
    }))
  }

  /** The maintenance's part: versions whose grace period ended at `nowMs` are deleted; resolves with how many. */
  async purgeExpired(nowMs: number): Promise<number> {
    const purged = await this.deps.repos.secrets.purgeRetired(nowMs - this.graceMs)
    if (purged > 0) this.forget()
    return purged
  }

  async valuesFor(groupId: number | null, names: readonly string[]): Promise<Map<string, string>> {
    const values = new Map<string, string>()
    if (names.length === 0) return values
    const wanted = new Set(names)
    for (const version of await this.opened()) {
      if (version.retiredAtMs !== 0 || !wanted.has(version.name)) continue
      // The group's own secret wins over a global one of the same name, whichever the cache met first.
      if (version.groupId === groupId && groupId !== null) values.set(version.name, version.value)
      else if (version.groupId === null && !values.has(version.name)) values.set(version.name, version.value)
    }
    return values
  }

  async allValues(): Promise<string[]> {
    const since = this.deps.nowMs() - this.graceMs
    return [...new Set((await this.opened()).filter((v) => v.retiredAtMs === 0 || v.retiredAtMs >= since).map((v) => v.value))]
  }

  private forget(): void {
    this.cache = null
    this.onChange()
  }

  private async opened(): Promise<OpenVersion[]> {
    const version = await this.deps.repos.secrets.version()
    if (this.cache?.version !== version) {
      const changed = this.cache !== null
      const values = this.load()
      const loading = { version, values }
      this.cache = loading
      // A failed load is not kept: the next call tries again.
      values.catch(() => {
        if (this.cache === loading) this.cache = null
      })
      // Another node or the CLI wrote: what is masked follows (its read finds this cache current).
      if (changed) this.onChange()
    }
    return this.cache!.values
  }

  private async load(): Promise<OpenVersion[]> {
    const sealed = await this.deps.repos.secrets.live(this.deps.nowMs() - this.graceMs)
    return sealed.map((version: SealedVersion) => ({
      name: version.name,
      groupId: version.groupId,
      retiredAtMs: version.retiredAtMs,
      value: openValue(this.deps.key, version, secretContext(version.secretId)),
    }))
  }
}
