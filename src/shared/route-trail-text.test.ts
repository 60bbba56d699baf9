import { describe, expect, it } from 'vitest'
import { PROBE_MSG_MAX_CHARS, formatRouteTrail } from './route-trail-text'
import { emptyAddressTrail, type RouteTrail } from '../main/trigger/routing/router'
import { coded } from './messages'

describe('formatRouteTrail', () => {
  it('lists strategy, candidates, each probe, the choice and the reason on their own lines', () => {
    const trail: RouteTrail = {
      strategy: 'FAILOVER',
      candidates: ['http://127.0.0.1:9998/', 'http://127.0.0.1:9999/'],
      probes: [
        { address: 'http://127.0.0.1:9998/', kind: 'beat', code: 500, msg: 'Error: connect ECONNREFUSED' },
        { address: 'http://127.0.0.1:9999/', kind: 'beat', code: 200, msg: '' },
      ],
      chosen: 'http://127.0.0.1:9999/',
      reason: coded('routeReason.probeAfterOne', { address: 'http://127.0.0.1:9999/', path: '/beat', failed: 1 }),
    }
    expect(formatRouteTrail(trail).split('\n')).toEqual([
      'Route strategy: FAILOVER',
      'Candidates (2): http://127.0.0.1:9998/, http://127.0.0.1:9999/',
      'Probe beat http://127.0.0.1:9998/: code 500, msg: Error: connect ECONNREFUSED',
      'Probe beat http://127.0.0.1:9999/: code 200',
      'Chosen: http://127.0.0.1:9999/',
      'Reason: http://127.0.0.1:9999/ answered /beat with code 200, after 1 failed probe.',
    ])
  })

  it('says none when there is no candidate and no choice', () => {
    const text = formatRouteTrail(emptyAddressTrail('ROUND'))
    expect(text).toContain('Candidates (0): none')
    expect(text).toContain('Chosen: none')
    expect(text).toMatch(/Reason: Registry address is empty/)
  })

  it('keeps a multi-line or very long probe message on one bounded line', () => {
    const stack = `Error: boom\n    at call (x.ts:1:1)\n${'    at deeper (y.ts:2:2)\n'.repeat(50)}`
    const text = formatRouteTrail({
      strategy: 'BUSYOVER',
      candidates: ['http://127.0.0.1:9001/'],
      probes: [{ address: 'http://127.0.0.1:9001/', kind: 'idleBeat', code: 500, msg: stack }],
      chosen: null,
      reason: coded('routeReason.probeNone', { path: '/idleBeat', probed: 1 }),
    })
    const lines = text.split('\n')
    expect(lines).toHaveLength(5)
    expect(lines[2]).toMatch(/^Probe idleBeat \S+: code 500, msg: Error: boom at call \(x\.ts:1:1\) at deeper/)
    expect(lines[2].endsWith('…')).toBe(true)
    expect(lines[2].length).toBeLessThan(PROBE_MSG_MAX_CHARS + 80)
    expect(text).not.toMatch(/<br>|<[a-z]/)
  })
})
