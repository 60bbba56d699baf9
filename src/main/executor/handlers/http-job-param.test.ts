import { describe, expect, it } from 'vitest'
import { parseAllowList } from './http-allowlist'
import { parseHttpJobParam, type HttpJobRequest } from './http-job-param'

const allow = parseAllowList(['http://10.0.0.5/'])
const parse = (param: unknown) => parseHttpJobParam(typeof param === 'string' ? param : JSON.stringify(param), allow)
const request = (param: unknown): HttpJobRequest => {
  const parsed = parse(param)
  if (typeof parsed === 'string') throw new Error(parsed)
  return parsed
}

describe("JobDesk's format {url, method?, headers?, body?, timeoutMs?}", () => {
  it('defaults to GET with a 30 s deadline, and says XXL-JOB would have POSTed', () => {
    const r = request({ url: 'http://10.0.0.5/ping' })
    expect(r).toMatchObject({ format: 'jobdesk', method: 'GET', body: undefined, totalTimeoutMs: 30_000, waitTimeoutMs: undefined })
    expect(r.notes[0]).toMatch(/XXL-JOB's httpJobHandler would POST/)
  })

  it('sends a JSON body as JSON and a string body as is, with lower-case header names', () => {
    expect(request({ url: 'http://10.0.0.5/', method: 'post', body: { a: 1 }, headers: { 'X-Token': 't' } })).toMatchObject({
      method: 'POST',
      body: '{"a":1}',
      headers: { 'x-token': 't', 'content-type': 'application/json' },
      notes: [],
    })
    expect(request({ url: 'http://10.0.0.5/', method: 'PUT', body: 'raw', timeoutMs: 500 })).toMatchObject({ body: 'raw', totalTimeoutMs: 500 })
  })
})

describe("XXL-JOB 3.x's format {url, method, contentType, headers, cookies, data, form, auth, timeout}", () => {
  it('POSTs data as JSON by default, with a 3000 ms wait timeout', () => {
    expect(request({ url: 'http://10.0.0.5/hook', data: '{"k":1}' })).toMatchObject({
      format: 'xxl-job',
      method: 'POST',
      body: '{"k":1}',
      headers: { 'content-type': 'application/json;charset=UTF-8' },
      totalTimeoutMs: undefined,
      waitTimeoutMs: 3000,
    })
  })

  it('maps cookies to one Cookie header, auth to Authorization, and keeps the content type and timeout', () => {
    const r = request({
      url: 'http://10.0.0.5/api',
      method: 'put',
      contentType: 'text/plain',
      headers: { Header01: 'value01' },
      cookies: { a: '1', b: '2' },
      data: 'request body data',
      auth: 'Bearer abc',
      timeout: 1500,
    })
    expect(r).toMatchObject({ method: 'PUT', body: 'request body data', waitTimeoutMs: 1500 })
    expect(r.headers).toEqual({ 'content-type': 'text/plain;charset=UTF-8', header01: 'value01', cookie: 'a=1; b=2', authorization: 'Bearer abc' })
  })

  it('sends form url-encoded: as the body when there is no data, in the query for GET', () => {
    expect(request({ url: 'http://10.0.0.5/f', form: { q: 'a b', n: '1' } })).toMatchObject({
      body: 'q=a+b&n=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
    })
    const get = request({ url: 'http://10.0.0.5/f?x=0', method: 'get', form: { q: 'a' }, data: 'ignored' })
    expect(get).toMatchObject({ method: 'GET', url: 'http://10.0.0.5/f?x=0&q=a', body: undefined })
    expect(get.notes).toEqual(['data: not sent, GET carries no body (as in XXL-JOB)'])
    // data wins over form, as in XXL-JOB.
    expect(request({ url: 'http://10.0.0.5/f', data: 'd', form: { q: 'a' } })).toMatchObject({ body: 'd' })
  })

  it('reads null fields (as Gson writes them) as absent, and a timeout ≤ 0 as the default', () => {
    expect(
      request({ url: 'http://10.0.0.5/', method: null, contentType: null, headers: null, cookies: null, data: null, form: null, auth: null, timeout: 0 }),
    ).toMatchObject({
      method: 'POST',
      body: undefined,
      waitTimeoutMs: 3000,
    })
  })
})

describe('refusals name the field and cut the value', () => {
  it('refuses unknown fields by name, listing both formats', () => {
    expect(parse({ url: 'http://10.0.0.5/', bdy: 'x', retries: 3 })).toBe(
      'param: unknown fields "bdy", "retries"; JobDesk\'s format is {url, method, headers, body, timeoutMs}; XXL-JOB\'s is {url, method, contentType, headers, cookies, data, form, auth, timeout}',
    )
  })

  it('refuses a parameter that mixes the two formats', () => {
    expect(parse({ url: 'http://10.0.0.5/', body: 'a', data: 'b' })).toMatch(/^param: mixes JobDesk's fields \(body\) with XXL-JOB's \(data\)/)
  })

  it('names the field and the rule for bad values', () => {
    expect(parse({ url: 'http://10.0.0.5/', method: 'FETCH' })).toBe(
      'method: must be one of GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS; got the text "FETCH"',
    )
    expect(parse({ url: 'http://10.0.0.5/', headers: { 'x-n': 5 } })).toBe('headers.x-n: must be text, got the number 5')
    expect(parse({ url: 'http://10.0.0.5/', timeout: 1.5 })).toBe('timeout: must be a whole number, got the number 1.5')
    expect(parse({ url: 'http://10.0.0.5/', timeoutMs: 0 })).toBe('timeoutMs: must be at least 1, got the number 0')
    expect(parse({ url: 42 })).toBe('url: must be text, got the number 42')
    expect(parse('{url:')).toMatch(/^param: must be JSON/)
    expect(parse('[1]')).toBe('param: must be a JSON object, got a list of 1 item')
  })

  it('refuses a URL outside the allowlist, or not http(s), quoting a long value cut short', () => {
    expect(parse({ url: 'http://10.0.0.5.evil.com/' })).toBe('url: "http://10.0.0.5.evil.com/" is not allowed on this executor (allowed: http://10.0.0.5/)')
    expect(parse({ url: 'http://10.0.0.5@evil.com/' })).toMatch(/is not allowed on this executor/)
    expect(parse({ url: 'ftp://10.0.0.5/' })).toBe('url: "ftp://10.0.0.5/" must be an http:// or https:// URL')
    const long = parse({ url: `http://evil.example/${'a'.repeat(100_000)}` }) as string
    expect(long.length).toBeLessThan(400)
    expect(long).toContain('characters)')
  })
})
