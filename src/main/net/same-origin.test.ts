import type { IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import { requestScheme, sameOrigin } from './same-origin'

/** A request as the server sees it: its headers, and whether its socket is TLS. */
function request(headers: Record<string, string>, tls = false): IncomingMessage {
  return { headers, socket: tls ? { encrypted: true } : {} } as unknown as IncomingMessage
}

describe('sameOrigin', () => {
  it('passes the page of the very scheme, host and port the request came to', () => {
    expect(sameOrigin(request({ host: '127.0.0.1:8080', origin: 'http://127.0.0.1:8080' }))).toBe(true)
    expect(sameOrigin(request({ host: 'jobs.example:8443', origin: 'https://jobs.example:8443' }, true))).toBe(true)
    expect(sameOrigin(request({ host: 'jobs.example', origin: 'https://jobs.example', 'x-forwarded-proto': 'https' }))).toBe(true)
    // One origin however it is spelt: case, and a default port written out or not.
    expect(sameOrigin(request({ host: 'Jobs.Example:443', origin: 'https://jobs.example' }, true))).toBe(true)
    expect(sameOrigin(request({ host: 'jobs.example', origin: 'http://jobs.example:80' }))).toBe(true)
  })

  it('refuses an http page for a request that came over TLS', () => {
    expect(sameOrigin(request({ host: 'jobs.example:8443', origin: 'http://jobs.example:8443' }, true))).toBe(false)
    expect(sameOrigin(request({ host: 'jobs.example', origin: 'http://jobs.example', 'x-forwarded-proto': 'https' }))).toBe(false)
    expect(sameOrigin(request({ host: 'jobs.example', origin: 'http://jobs.example', 'x-forwarded-proto': 'https, http' }))).toBe(false)
  })

  it('refuses an https page for a plain-HTTP request', () => {
    expect(sameOrigin(request({ host: 'jobs.example:8080', origin: 'https://jobs.example:8080' }))).toBe(false)
    expect(sameOrigin(request({ host: 'jobs.example', origin: 'https://jobs.example', 'x-forwarded-proto': 'http' }))).toBe(false)
  })

  it('refuses another port or another host', () => {
    expect(sameOrigin(request({ host: '127.0.0.1:8080', origin: 'http://127.0.0.1:8081' }))).toBe(false)
    expect(sameOrigin(request({ host: '127.0.0.1:8080', origin: 'http://127.0.0.1' }))).toBe(false)
    expect(sameOrigin(request({ host: 'jobs.example:443', origin: 'https://jobs.example:8443' }, true))).toBe(false)
    expect(sameOrigin(request({ host: '127.0.0.1:8080', origin: 'http://localhost:8080' }))).toBe(false)
  })

  it('refuses an opaque or unreadable Origin, and an Origin without a Host to compare with', () => {
    expect(sameOrigin(request({ host: '127.0.0.1:8080', origin: 'null' }))).toBe(false)
    expect(sameOrigin(request({ host: '127.0.0.1:8080', origin: 'not a url' }))).toBe(false)
    expect(sameOrigin(request({ host: '127.0.0.1:8080', origin: 'file:///tmp/x.html' }))).toBe(false)
    expect(sameOrigin(request({ origin: 'http://127.0.0.1:8080' }))).toBe(false)
  })

  it('passes a request without Origin (not from a browser)', () => {
    expect(sameOrigin(request({ host: '127.0.0.1:8080' }))).toBe(true)
    expect(sameOrigin(request({ host: '127.0.0.1:8080' }, true))).toBe(true)
  })
})

describe('requestScheme', () => {
  it('is https over TLS or when the proxy in front says so (its first value), http otherwise', () => {
    expect(requestScheme(request({}, true))).toBe('https')
    expect(requestScheme(request({ 'x-forwarded-proto': 'HTTPS' }))).toBe('https')
    expect(requestScheme(request({ 'x-forwarded-proto': 'https,http' }))).toBe('https')
    expect(requestScheme(request({ 'x-forwarded-proto': 'http, https' }))).toBe('http')
    expect(requestScheme(request({}))).toBe('http')
  })
})
