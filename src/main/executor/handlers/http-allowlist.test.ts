import { describe, expect, it } from 'vitest'
import { isAllowed, parseAllowEntry, parseAllowList } from './http-allowlist'

const allows = (entries: string[], url: string) => isAllowed(new URL(url), parseAllowList(entries))

describe('the httpJobHandler allowlist compares parsed URLs', () => {
  it('admits the origin of an entry and nothing that merely starts with its text', () => {
    const entry = ['http://10.0.0.5']
    expect(allows(entry, 'http://10.0.0.5/x')).toBe(true)
    expect(allows(entry, 'http://10.0.0.5')).toBe(true)
    expect(allows(entry, 'http://10.0.0.5:80/x')).toBe(true)
    expect(allows(entry, 'http://10.0.0.5.evil.com/')).toBe(false)
    expect(allows(entry, 'http://10.0.0.5@evil.com/')).toBe(false)
    expect(allows(entry, 'http://10.0.0.5:8080/')).toBe(false)
    expect(allows(entry, 'https://10.0.0.5/')).toBe(false)
  })

  it('matches a path prefix on whole segments, after the URL parser normalized the path', () => {
    const entry = ['https://api.lan/v1']
    expect(allows(entry, 'https://api.lan/v1')).toBe(true)
    expect(allows(entry, 'https://api.lan/v1/jobs?x=1')).toBe(true)
    expect(allows(entry, 'https://api.lan/v10')).toBe(false)
    expect(allows(entry, 'https://api.lan/v1/../admin')).toBe(false)
    expect(allows(entry, 'https://api.lan/v1%2F..%2Fadmin')).toBe(false)
    expect(allows(['https://api.lan/v1/'], 'https://api.lan/v1/jobs')).toBe(true)
    expect(allows(['https://api.lan:443/'], 'https://API.lan/anything')).toBe(true)
  })

  it('admits a URL when any entry does; "any" admits everything', () => {
    expect(allows(['http://a.lan/x', 'http://b.lan/'], 'http://b.lan/y')).toBe(true)
    expect(isAllowed(new URL('http://anywhere/'), 'any')).toBe(true)
    expect(isAllowed(new URL('http://anywhere/'), [])).toBe(false)
  })

  it('refuses entries that are not an origin with a path', () => {
    expect(parseAllowEntry('10.0.0.5')).toMatch(/is not a URL/)
    expect(parseAllowEntry('file:///etc/')).toMatch(/http:\/\/ or https:\/\//)
    expect(parseAllowEntry('http://u:p@h/')).toMatch(/user name or password/)
    expect(parseAllowEntry('http://h/#top')).toMatch(/query \(\?\) or fragment/)
    expect(() => parseAllowList(['http://ok/', 'nope'])).toThrow(
      expect.objectContaining({ field: 'httpAllowPrefixes', message: expect.stringContaining("'nope' is not a URL") }),
    )
  })
})
