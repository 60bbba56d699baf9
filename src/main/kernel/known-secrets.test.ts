import { describe, expect, it } from 'vitest'
import { KnownSecrets, REDACTED, redactingLogger } from './known-secrets'
import type { Logger } from './logger'

const TOKEN = 'tok-3f9a8c1d2e'
const LONGER = `${TOKEN}-and-more`

function recording(): { logger: Logger; lines: { level: string; msg: string; fields?: Record<string, unknown> }[] } {
  const lines: { level: string; msg: string; fields?: Record<string, unknown> }[] = []
  const at = (level: string) => (msg: string, fields?: Record<string, unknown>) => void lines.push({ level, msg, fields })
  return { logger: { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') }, lines }
}

describe('KnownSecrets', () => {
  it('replaces every occurrence of every known value, and leaves a text without one as it is', () => {
    const secrets = new KnownSecrets()
    secrets.set('settings', [TOKEN, 'smtp-pass-77'])
    expect(secrets.redact(`robot said: bad token ${TOKEN}; retry with ${TOKEN}? login smtp-pass-77`)).toBe(
      `robot said: bad token ${REDACTED}; retry with ${REDACTED}? login ${REDACTED}`,
    )
    const plain = 'the run 42 failed on 127.0.0.1:9999'
    expect(secrets.redact(plain)).toBe(plain)
  })

  it('knows nothing at first: a text passes untouched', () => {
    expect(new KnownSecrets().redact(`a ${TOKEN}`)).toBe(`a ${TOKEN}`)
  })

  it('takes a secret that contains another whole, and one with regex characters literally', () => {
    const secrets = new KnownSecrets()
    secrets.set('a', [TOKEN])
    secrets.set('b', [LONGER, 'a.b*c+(d)$'])
    expect(secrets.redact(`${LONGER} | ${TOKEN} | a.b*c+(d)$ | aXb*c+(d)$`)).toBe(`${REDACTED} | ${REDACTED} | ${REDACTED} | aXb*c+(d)$`)
  })

  it('finds a secret percent-encoded, as a URL or a form carries it', () => {
    const secrets = new KnownSecrets()
    secrets.set('settings', ['p@ss word/1'])
    expect(secrets.redact('GET /x?key=p%40ss%20word%2F1')).toBe(`GET /x?key=${REDACTED}`)
  })

  it('drops values too short to be told from ordinary words', () => {
    const secrets = new KnownSecrets()
    secrets.set('settings', ['', 'root', 'abcde'])
    expect(secrets.redact('root abcde')).toBe('root abcde')
  })

  it('forgets what a source no longer holds and keeps the other sources', () => {
    const secrets = new KnownSecrets()
    secrets.set('settings', ['old-secret-value'])
    secrets.set('hooks', ['hook-secret-value'])
    secrets.set('settings', ['new-secret-value'])
    expect(secrets.redact('old-secret-value new-secret-value hook-secret-value')).toBe(`old-secret-value ${REDACTED} ${REDACTED}`)
  })

  it('redacts the texts inside lists and plain objects, and an error by its message', () => {
    const secrets = new KnownSecrets()
    secrets.set('settings', [TOKEN])
    const value = { a: TOKEN, list: [1, `x ${TOKEN}`], nested: { deep: TOKEN, n: 3, flag: true }, error: new Error(`denied ${TOKEN}`) }
    expect(secrets.redactDeep(value)).toEqual({
      a: REDACTED,
      list: [1, `x ${REDACTED}`],
      nested: { deep: REDACTED, n: 3, flag: true },
      error: `denied ${REDACTED}`,
    })
    expect(value.a, 'the original is left alone').toBe(TOKEN)
  })
})

describe('redactingLogger', () => {
  it('passes each line’s message and fields through the redaction at every level, with the values known at the time of the line', () => {
    const secrets = new KnownSecrets()
    const { logger, lines } = recording()
    const redacting = redactingLogger(logger, secrets)
    redacting.info(`before ${TOKEN}`)
    secrets.set('settings', [TOKEN])
    redacting.warn(`robot answered ${TOKEN}`, { reply: `{"token":"${TOKEN}"}` })
    redacting.error('no fields')
    redacting.debug('d', { n: 1 })
    expect(lines).toEqual([
      { level: 'info', msg: `before ${TOKEN}`, fields: undefined },
      { level: 'warn', msg: `robot answered ${REDACTED}`, fields: { reply: `{"token":"${REDACTED}"}` } },
      { level: 'error', msg: 'no fields', fields: undefined },
      { level: 'debug', msg: 'd', fields: { n: 1 } },
    ])
  })
})
