import { describe, expect, it } from 'vitest'
import type { ExecutorReply } from '../../executor/executor-api'
import { failoverRouter } from './failover'
import type { RouteProbe } from './router'
import { routeReasonText } from '../../../shared/route-trail-text'

const [a, b, c, d] = [9001, 9002, 9003, 9004].map((port) => `http://127.0.0.1:${port}/`)

/** Answers /beat per address from a table (an Error rejects) and records the calls in order. */
function scriptedProbe(beats: Record<string, ExecutorReply | Error>) {
  const calls: string[] = []
  const probe: RouteProbe = {
    async beat(address) {
      calls.push(`beat ${address}`)
      const reply = beats[address]
      if (reply instanceof Error) throw reply
      return reply
    },
    async idleBeat(address, jobId) {
      calls.push(`idleBeat ${address} ${jobId}`)
      return { code: 200 }
    },
  }
  return { probe, calls }
}

describe('FAILOVER router', () => {
  it('skips failing and unreachable executors in list order and records every probe', async () => {
    const { probe, calls } = scriptedProbe({
      [a]: { code: 500, msg: 'The access token is wrong.' },
      [b]: new Error('connect ECONNREFUSED 127.0.0.1:9002'),
      [c]: { code: 200, msg: null },
      [d]: { code: 200 },
    })
    const trail = await failoverRouter.route({ jobId: 5, addresses: [a, b, c, d], nowMs: 0, probe })
    expect(trail.chosen).toBe(c)
    expect(calls).toEqual([`beat ${a}`, `beat ${b}`, `beat ${c}`])
    expect(trail.probes).toEqual([
      { address: a, kind: 'beat', code: 500, msg: 'The access token is wrong.' },
      { address: b, kind: 'beat', code: 500, msg: 'Error: connect ECONNREFUSED 127.0.0.1:9002' },
      { address: c, kind: 'beat', code: 200, msg: '' },
    ])
    expect(trail.candidates).toEqual([a, b, c, d])
    expect(routeReasonText(trail.reason)).toContain('after 2 failed probes')
  })

  it('takes the first address without further probes when it answers 200', async () => {
    const { probe, calls } = scriptedProbe({ [a]: { code: 200 }, [b]: { code: 200 } })
    const trail = await failoverRouter.route({ jobId: 5, addresses: [a, b], nowMs: 0, probe })
    expect(trail.chosen).toBe(a)
    expect(calls).toEqual([`beat ${a}`])
  })

  it('fails the route with every probe recorded when no executor answers 200', async () => {
    const { probe } = scriptedProbe({
      [a]: { code: 500, msg: 'down' },
      [b]: new Error('socket hang up'),
    })
    const trail = await failoverRouter.route({ jobId: 5, addresses: [a, b], nowMs: 0, probe })
    expect(trail.chosen).toBeNull()
    expect(trail.probes.map((p) => [p.address, p.code])).toEqual([
      [a, 500],
      [b, 500],
    ])
    expect(routeReasonText(trail.reason)).toContain('No address answered /beat with code 200')
  })

  it('counts a non-200 success-looking reply as a failure', async () => {
    const { probe } = scriptedProbe({ [a]: { code: 201, msg: 'ok?' }, [b]: { code: 200 } })
    const trail = await failoverRouter.route({ jobId: 5, addresses: [a, b], nowMs: 0, probe })
    expect(trail.chosen).toBe(b)
  })
})
