import type { Connection } from './sql/connection'

/**
 * `job_hook_use`: what each hook has accepted (a signature, a Git provider's delivery id), until it
 * expires. The primary key is the replay gate: `claim` inserts or ignores, and exactly one of any
 * number of racing claims of one key — on any node of the database — finds its row inserted.
 */
export class HookUseRepo {
  constructor(private readonly db: Connection) {}

  /** True when `key` was not used yet: this request may pass. Expired rows of the hook go first. */
  async claim(hookId: string, key: string, expiresAtMs: number, nowMs: number): Promise<boolean> {
    await this.db.run('DELETE FROM job_hook_use WHERE hook_id = ? AND expires_at <= ?', [hookId, nowMs])
    const sql = this.db.dialect.insertIgnore('job_hook_use', ['hook_id', 'use_key', 'expires_at'])
    return (await this.db.run(sql, [hookId, key, expiresAtMs])) === 1
  }

  /** Whether `key` is used and not expired (a read: the claim is still the gate). */
  async isUsed(hookId: string, key: string, nowMs: number): Promise<boolean> {
    return (await this.db.get('SELECT 1 AS used FROM job_hook_use WHERE hook_id = ? AND use_key = ? AND expires_at > ?', [hookId, key, nowMs])) !== undefined
  }

  /** Gives a key back: the run it was claimed for could not be started, so the sender may try again. */
  async release(hookId: string, key: string): Promise<void> {
    await this.db.run('DELETE FROM job_hook_use WHERE hook_id = ? AND use_key = ?', [hookId, key])
  }

  async deleteForHook(hookId: string): Promise<void> {
    await this.db.run('DELETE FROM job_hook_use WHERE hook_id = ?', [hookId])
  }

  /** Every hook's expired keys (the maintenance pass). */
  async deleteExpired(nowMs: number): Promise<number> {
    return this.db.run('DELETE FROM job_hook_use WHERE expires_at <= ?', [nowMs])
  }
}
