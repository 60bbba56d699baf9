import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { parseHookBody } from './hook-body'
import { GIT_DELIVERY_MEMORY_MS, HOOK_CLOCK_SKEW_MS, jobDeskSignature, useKeyOf, verifyHookRequest } from './hook-signature'

const SECRET = 'a-secret-of-the-hook'
const NOW = 1_767_225_600_000
const BODY = '{"param":"p"}'

const jobdesk = (atSec: number, signature = jobDeskSignature(SECRET, atSec, BODY)) => ({
  'x-jobdesk-timestamp': String(atSec),
  'x-jobdesk-signature': signature,
})

describe('verifyHookRequest', () => {
  it('takes a JobDesk signature within 5 minutes either way, and remembers it until it could no longer pass', () => {
    for (const offsetMs of [-HOOK_CLOCK_SKEW_MS, 0, HOOK_CLOCK_SKEW_MS]) {
      const atSec = (NOW + offsetMs) / 1000
      const verified = verifyHookRequest(SECRET, jobdesk(atSec), BODY, NOW)
      expect(verified).toMatchObject({ ok: true, scheme: 'jobdesk' })
      if (verified.ok) expect(verified.expiresAtMs).toBeGreaterThan(atSec * 1000 + HOOK_CLOCK_SKEW_MS)
    }
  })

  it('refuses a timestamp a second past the window either way, a missing or non-numeric one, and another secret', () => {
    const justOut = HOOK_CLOCK_SKEW_MS / 1000 + 1
    expect(verifyHookRequest(SECRET, jobdesk(NOW / 1000 - justOut), BODY, NOW)).toEqual({ ok: false, problem: 'stale' })
    expect(verifyHookRequest(SECRET, jobdesk(NOW / 1000 + justOut), BODY, NOW)).toEqual({ ok: false, problem: 'stale' })
    expect(verifyHookRequest(SECRET, { 'x-jobdesk-signature': jobDeskSignature(SECRET, NOW / 1000, BODY) }, BODY, NOW)).toEqual({ ok: false, problem: 'stale' })
    expect(verifyHookRequest(SECRET, { ...jobdesk(NOW / 1000), 'x-jobdesk-timestamp': '1e9' }, BODY, NOW)).toEqual({ ok: false, problem: 'stale' })
    expect(verifyHookRequest(SECRET, jobdesk(NOW / 1000, jobDeskSignature('other', NOW / 1000, BODY)), BODY, NOW)).toEqual({
      ok: false,
      problem: 'badSignature',
    })
    expect(verifyHookRequest(SECRET, jobdesk(NOW / 1000, 'sha256=abc'), BODY, NOW)).toEqual({ ok: false, problem: 'badSignature' })
    expect(verifyHookRequest(SECRET, {}, BODY, NOW)).toEqual({ ok: false, problem: 'unsigned' })
  })

  it('keys a GitHub delivery by its signature, so a copy under a new delivery id is the same use', () => {
    const hmac = createHmac('sha256', SECRET).update(BODY).digest('hex')
    const first = verifyHookRequest(SECRET, { 'x-hub-signature-256': `sha256=${hmac}`, 'x-github-delivery': 'd-1' }, BODY, NOW)
    const copy = verifyHookRequest(SECRET, { 'x-hub-signature-256': `sha256=${hmac.toUpperCase()}`, 'x-github-delivery': 'd-2' }, BODY, NOW)
    expect(first).toMatchObject({ ok: true, scheme: 'github', deliveryId: 'd-1', expiresAtMs: NOW + GIT_DELIVERY_MEMORY_MS })
    expect(copy.ok && first.ok && copy.useKey === first.useKey).toBe(true)
    expect(verifyHookRequest(SECRET, { 'x-hub-signature-256': hmac }, BODY, NOW)).toEqual({ ok: false, problem: 'badSignature' })
    expect(verifyHookRequest(SECRET, { 'x-gitea-signature': hmac, 'x-gitea-delivery': 'g' }, BODY, NOW)).toMatchObject({ ok: true, scheme: 'gitea' })
  })

  it('takes GitLab’s token only with an event UUID, and a wrong token never', () => {
    expect(verifyHookRequest(SECRET, { 'x-gitlab-token': SECRET, 'x-gitlab-event-uuid': 'u-1' }, BODY, NOW)).toMatchObject({
      ok: true,
      scheme: 'gitlab',
      deliveryId: 'u-1',
    })
    expect(verifyHookRequest(SECRET, { 'x-gitlab-token': SECRET }, BODY, NOW)).toEqual({ ok: false, problem: 'badSignature' })
    expect(verifyHookRequest(SECRET, { 'x-gitlab-token': `${SECRET}x`, 'x-gitlab-event-uuid': 'u-3' }, BODY, NOW)).toEqual({
      ok: false,
      problem: 'badSignature',
    })
  })

  it('keys one delivery the same under every scheme: by its signed timestamp (if any) and its body, never by the header or the delivery id', () => {
    const hmac = createHmac('sha256', SECRET).update(BODY).digest('hex')
    const keys = [
      verifyHookRequest(SECRET, { 'x-hub-signature-256': `sha256=${hmac}`, 'x-github-delivery': 'd-1' }, BODY, NOW),
      verifyHookRequest(SECRET, { 'x-gitea-signature': hmac, 'x-gitea-delivery': 'g-1' }, BODY, NOW),
      verifyHookRequest(SECRET, { 'x-gitlab-token': SECRET, 'x-gitlab-event-uuid': 'u-1' }, BODY, NOW),
      verifyHookRequest(SECRET, { 'x-gitlab-token': SECRET, 'x-gitlab-event-uuid': 'u-2' }, BODY, NOW),
    ].map((verified) => (verified.ok ? verified.useKey : verified.problem))
    expect(keys).toEqual(Array(4).fill(useKeyOf(null, BODY)))
    const atSec = NOW / 1000
    const signed = verifyHookRequest(SECRET, jobdesk(atSec), BODY, NOW)
    expect(signed.ok && signed.useKey).toBe(useKeyOf(atSec, BODY))
    expect(new Set([useKeyOf(null, BODY), useKeyOf(atSec, BODY), useKeyOf(atSec + 1, BODY), useKeyOf(atSec, `${BODY} `)]).size).toBe(4)
    expect(useKeyOf(atSec, BODY).length).toBeLessThanOrEqual(80)
  })

  it('names the keys earlier versions recorded a delivery under, so a delivery used before an upgrade stays used', () => {
    const hmac = createHmac('sha256', SECRET).update(BODY).digest('hex')
    const gitea = verifyHookRequest(SECRET, { 'x-gitea-signature': hmac, 'x-gitea-delivery': 'g-1' }, BODY, NOW)
    expect(gitea.ok && gitea.earlierKeys).toEqual([`github:${hmac}`, `gitea:${hmac}`])
    const signed = verifyHookRequest(SECRET, jobdesk(NOW / 1000), BODY, NOW)
    expect(signed.ok && signed.earlierKeys).toEqual([`jobdesk:${jobDeskSignature(SECRET, NOW / 1000, BODY).slice(7)}`])
  })
})

describe('parseHookBody', () => {
  it('takes an object with an optional text param and other fields, or nothing at all', () => {
    expect(parseHookBody('', 'job')).toEqual({ ok: true, param: undefined })
    expect(parseHookBody('{"param":"x","ref":"main"}', 'job')).toEqual({ ok: true, param: 'x' })
    expect(parseHookBody('{"ref":"main"}', 'flow')).toEqual({ ok: true, param: undefined })
  })

  it('refuses what is not JSON, not an object, or a param that is no text or too long', () => {
    expect(parseHookBody('{', 'job')).toEqual({ ok: false, problem: 'not JSON' })
    for (const body of ['[]', '"text"', '{"param":1}', JSON.stringify({ param: 'x'.repeat(2049) })]) expect(parseHookBody(body, 'job').ok).toBe(false)
    expect(parseHookBody(JSON.stringify({ param: 'x'.repeat(4097) }), 'flow').ok).toBe(false)
  })
})
