import { describe, expect, it } from 'vitest'
import { mayNameSecrets } from '../../shared/secret-names'
import { fillSecrets, secretNamesIn } from './resolve-secrets'

const values = new Map([
  ['db_pw', 'p"w}\\1'],
  ['token', 'abc def'],
])

describe('secretNamesIn', () => {
  it('names each secret once and nothing else', () => {
    expect(secretNamesIn('${secrets.db_pw} ${flow.param} ${secrets.token} ${secrets.db_pw} ${secrets.1bad} ${HOME}')).toEqual(['db_pw', 'token'])
    expect(mayNameSecrets('plain text')).toBe(false)
    expect(mayNameSecrets('x ${secrets.a}')).toBe(true)
  })
})

describe('fillSecrets', () => {
  it.each([
    ['plain text, as it is', '--password=${secrets.db_pw}', '--password=p"w}\\1'],
    ['inside a JSON string, escaped', '{"h":{"Authorization":"Bearer ${secrets.token}"}}', '{"h":{"Authorization":"Bearer abc def"}}'],
    ['as a whole JSON value, quoted', '{"pw":${secrets.db_pw}}', '{"pw":"p\\"w}\\\\1"}'],
    ['leaving other references as written', '${flow.param} ${secrets.token}', '${flow.param} abc def'],
  ])('puts a secret in %s', (_where, template, filled) => {
    expect(fillSecrets(template, values)).toEqual({ ok: true, value: filled })
  })

  it('keeps a JSON parameter JSON whatever the value holds', () => {
    const filled = fillSecrets('{"body":"${secrets.db_pw}"}', values)
    expect(filled.ok && JSON.parse(filled.value)).toEqual({ body: 'p"w}\\1' })
  })

  it('refuses an unknown name and a reference that would choose the request’s host', () => {
    expect(fillSecrets('${secrets.nope} ${secrets.token}', values)).toEqual({ ok: false, missing: ['nope'] })
    const host = fillSecrets('{"url":"http://${secrets.token}/x"}', values, true)
    expect(host.ok === false && 'problem' in host && host.problem.kind).toBe('requestTarget')
    const text = fillSecrets('${secrets.token}', values, true)
    expect(text.ok === false && 'problem' in text && text.problem.kind).toBe('textRequest')
  })

  it('allows a secret in an HTTP request’s query, header and body', () => {
    const template = '{"url":"http://127.0.0.1:8080/x?key=${secrets.token}","headers":{"X-Key":"${secrets.token}"},"body":"${secrets.db_pw}"}'
    const filled = fillSecrets(template, values, true)
    expect(filled.ok && JSON.parse(filled.value)).toEqual({ url: 'http://127.0.0.1:8080/x?key=abc def', headers: { 'X-Key': 'abc def' }, body: 'p"w}\\1' })
  })
})
