import { describe, expect, it } from 'vitest'
import { ManualClock } from '../kernel/clock'
import { KnownSecrets, REDACTED } from '../kernel/known-secrets'
import { silentLogger } from '../kernel/logger'
import type { Repos } from '../store/store'
import { waitFor } from '../../../test/support/wait-for'
import { STORED_SECRETS_PERIOD_MS, StoredSecrets } from './stored-secrets'

/** The two tables as StoredSecrets reads them, changed by the test as another node would. */
function tables() {
  const state = { groupTokens: ['group-token-a1', ''], hookSecrets: ['hook-secret-b2'] }
  const repos = {
    groups: { list: async () => state.groupTokens.map((accessToken, id) => ({ id, accessToken })) },
    hooks: { allSecrets: async () => [...state.hookSecrets] },
  } as unknown as Pick<Repos, 'groups' | 'hooks'>
  return { state, repos }
}

describe('StoredSecrets', () => {
  it('tells a change that could not be reread to the log, never to the one who made it', async () => {
    const warnings: string[] = []
    const failing = { groups: { list: () => Promise.reject(new Error('database gone')) } } as unknown as Pick<Repos, 'groups' | 'hooks'>
    const logger = { ...silentLogger, warn: (msg: string) => void warnings.push(msg) }
    await expect(new StoredSecrets(failing, new KnownSecrets(), new ManualClock(0), logger).changed()).resolves.toBeUndefined()
    expect(warnings).toEqual(['rereading the stored secrets failed'])
  })

  it('tells the redaction the groups’ own tokens and the trigger URLs’ secrets', async () => {
    const { repos } = tables()
    const secrets = new KnownSecrets()
    await new StoredSecrets(repos, secrets, new ManualClock(0), silentLogger).refresh()
    expect(secrets.redact('group-token-a1 hook-secret-b2')).toBe(`${REDACTED} ${REDACTED}`)
  })

  it('rereads them every period, so another node’s changes are known within one, until stopped', async () => {
    const { state, repos } = tables()
    const secrets = new KnownSecrets()
    const clock = new ManualClock(0)
    const stored = new StoredSecrets(repos, secrets, clock, silentLogger)
    await stored.refresh()
    stored.start()
    state.hookSecrets = ['hook-secret-c3']
    expect(secrets.redact('hook-secret-c3')).toBe('hook-secret-c3')
    await waitFor('the loop to wait on the clock', () => clock.sleeperCount > 0)
    await clock.advance(STORED_SECRETS_PERIOD_MS)
    await waitFor('the new secret to be known', () => secrets.redact('hook-secret-c3') === REDACTED)
    expect(secrets.redact('hook-secret-b2'), 'a removed hook’s secret is forgotten').toBe('hook-secret-b2')
    await stored.stop()
    expect(clock.sleeperCount).toBe(0)
  })
})
