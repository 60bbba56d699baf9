import { describe, expect, it } from 'vitest'
import { parseHttpJobParam } from '../../../src/main/executor/handlers/http-job-handler'

/**
 * Issue 9, finding 11: the HTTP job handler's allowlist was a raw `startsWith`, so `http://10.0.0.5`
 * admitted `http://10.0.0.5.evil.com/` and `http://10.0.0.5@evil.com/`. It compares parsed origins
 * (scheme, host, port) and a path prefix on a segment boundary. Only the parser is called: no
 * request leaves this machine.
 */
const admitted = (url: string, allow: string[]) => typeof parseHttpJobParam(JSON.stringify({ url }), allow) !== 'string'

describe("httpJobHandler's allowlist", () => {
  it('refuses look-alike hosts, user-info tricks, other ports and other schemes', () => {
    const allow = ['http://10.0.0.5']
    for (const url of [
      'http://10.0.0.5.evil.com/',
      'http://10.0.0.5@evil.com/',
      'http://10.0.0.5:80@evil.com/',
      'http://10.0.0.55/',
      'http://10.0.0.5:8080/',
      'https://10.0.0.5/',
      'http://evil.com/?http://10.0.0.5',
      'http://evil.com/#http://10.0.0.5',
    ]) {
      expect(admitted(url, allow), url).toBe(false)
    }
  })

  it('admits the allowed origin however it is spelled', () => {
    const allow = ['http://10.0.0.5']
    for (const url of ['http://10.0.0.5', 'http://10.0.0.5/', 'http://10.0.0.5:80/x', 'HTTP://10.0.0.5/path?q=1']) {
      expect(admitted(url, allow), url).toBe(true)
    }
  })

  it('matches a path prefix on a segment boundary', () => {
    const allow = ['http://10.0.0.5:9000/api']
    expect(admitted('http://10.0.0.5:9000/api', allow)).toBe(true)
    expect(admitted('http://10.0.0.5:9000/api/', allow)).toBe(true)
    expect(admitted('http://10.0.0.5:9000/api/jobs/1', allow)).toBe(true)
    expect(admitted('http://10.0.0.5:9000/apix', allow)).toBe(false)
    expect(admitted('http://10.0.0.5:9000/api.evil', allow)).toBe(false)
    expect(admitted('http://10.0.0.5:9000/other', allow)).toBe(false)
  })
})
