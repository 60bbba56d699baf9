import { describe, expect, it } from 'vitest'
import { detectGeneration, generationOfRegistration } from './detect-generation'

const withApp = (path: string, body: unknown) => ({ path, appNameSent: true, body })
const tokenOnly = (path: string, body: unknown) => ({ path, appNameSent: false, body })

describe('detectGeneration', () => {
  it('recognises G3 by its auth texts and by refusing /run', () => {
    expect(detectGeneration(tokenOnly('/beat', { code: 500, msg: 'invalid request, accessToken or appname is empty.' }))).toBe('g3')
    expect(detectGeneration(withApp('/run', { code: 500, msg: 'invalid request, uri-mapping(/run) not found.' }))).toBe('g3')
    expect(detectGeneration(withApp('/trigger', { code: 200, msg: 'Success' }))).toBe('g3')
  })

  it('tells G1 from G2 by the success envelope of a token-only beat (captured replies)', () => {
    expect(detectGeneration(tokenOnly('/beat', { code: 200 }))).toBe('g1')
    expect(detectGeneration(tokenOnly('/beat', { code: 200, msg: 'Success' }))).toBe('g2')
  })

  it('combines replies: /trigger refused means G1/G2, the envelope then decides', () => {
    const refused = withApp('/trigger', { code: 500, msg: 'invalid request, uri-mapping(/trigger) not found.' })
    expect(detectGeneration(refused)).toBeNull()
    expect(detectGeneration(refused, withApp('/beat', { code: 200, msg: 'Success' }))).toBe('g2')
    expect(detectGeneration(refused, withApp('/kill', { code: 200, msg: 'job thread already killed.' }))).toBe('g1')
    expect(
      detectGeneration(
        withApp('/job/trigger', { code: 500, msg: 'invalid request, uri-mapping(/job/trigger) not found.' }),
        withApp('/job/beat', { code: 200 }),
      ),
    ).toBe('g1')
  })

  it('stays undecided on replies that say nothing or contradict each other', () => {
    expect(detectGeneration()).toBeNull()
    expect(detectGeneration(withApp('/beat', { code: 200, msg: 'Success' }))).toBeNull()
    expect(detectGeneration(withApp('/beat', { code: 200, msg: 'Success', data: 'x', content: 'x' }))).toBeNull()
    expect(detectGeneration(withApp('/run', { code: 500, msg: 'job handler [x] not found.' }))).toBeNull()
    expect(
      detectGeneration(
        withApp('/beat', { code: 500, msg: 'invalid request, accessToken or appname invalid.' }),
        withApp('/beat', { code: 500, msg: 'The access token is wrong.' }),
      ),
    ).toBeNull()
  })

  it('lets decisive evidence win over a third-party envelope quirk', () => {
    // npm xxl-job: G1 dialect, yet answers /run with msg "Success".
    expect(detectGeneration(tokenOnly('/job/beat', { code: 200, msg: null }), withApp('/job/run', { code: 200, msg: 'Success' }))).toBe('g1')
  })
})

describe('generationOfRegistration', () => {
  it('tells G1, G2 and G3 executors apart by the headers their registry request carried (docs/protocol.md#captured-exchanges)', () => {
    expect(generationOfRegistration({ 'accept-charset': 'application/json;charset=UTF-8', 'xxl-job-access-token': 't' })).toBe('g1')
    expect(generationOfRegistration({ 'accept-charset': 'UTF-8', 'xxl-job-access-token': 't' })).toBe('g2')
    expect(generationOfRegistration({ 'accept-charset': 'UTF-8', 'xxl-job-appname': 'app', 'xxl-job-access-token': 't' })).toBe('g3')
  })

  it('says nothing for a request that does not show it (a third-party executor)', () => {
    expect(generationOfRegistration({ 'xxl-job-access-token': 't' })).toBeNull()
    expect(generationOfRegistration({ 'accept-charset': 'utf-8, iso-8859-1;q=0.5' })).toBeNull()
  })
})
