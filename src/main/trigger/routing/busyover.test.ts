import { describe, expect, it } from 'vitest'
import type { ExecutorReply } from '../../executor/executor-api'
import { busyoverRouter } from './busyover'
import type { RouteProbe } from './router'
import { routeReasonText } from '../../../shared/route-trail-text'

const [a, b, c] = ['http://127.0.0.1:9001/', 'http://127.0.0.1:9002/', 'http://127.0.0.1:9003/']
const BUSY: ExecutorReply = { code: 500, msg: 'job thread is running or has trigger queue.' }

/** Answers /idleBeat per address from a table (an Error rejects) and records the calls in order. */
function scriptedProbe(idleBeats: Record<string, ExecutorReply | Error>) {
  const calls: string[] = []
  const probe: RouteProbe = {
    async beat(address) {
      calls.push(`beat ${address}`)
      return { code: 200 }
    },
    async idleBeat(address, jobId) {
      calls.push(`idleBeat ${address} ${jobId}`)
      const reply = idleBeats[address]
      if (reply instanceof Error) throw reply
      return reply
    },
  }
  return { probe, calls }
}

describe('BUSYOVER router', () => {
  it('asks each executor whether the job is idle, in list order, and takes the first idle one', async () => {
    const { probe, calls } = scriptedProbe({
      [a]: BUSY,
      [b]: new Error('timeout after 3000 ms'),
      [c]: { code: 200, msg: 'Success' },
    })
    const trail = await busyoverRouter.route({ jobId: 42, addresses: [a, b, c], nowMs: 0, probe })
    expect(trail.strategy).toBe('BUSYOVER')
    expect(trail.chosen).toBe(c)
    expect(calls).toEqual([`idleBeat ${a} 42`, `idleBeat ${b} 42`, `idleBeat ${c} 42`])
    expect(trail.probes).toEqual([
      { address: a, kind: 'idleBeat', code: 500, msg: 'job thread is running or has trigger queue.' },
      { address: b, kind: 'idleBeat', code: 500, msg: 'Error: timeout after 3000 ms' },
      { address: c, kind: 'idleBeat', code: 200, msg: 'Success' },
    ])
  })

  it('fails the route when the job is busy everywhere', async () => {
    const { probe } = scriptedProbe({ [a]: BUSY, [b]: BUSY })
    const trail = await busyoverRouter.route({ jobId: 42, addresses: [a, b], nowMs: 0, probe })
    expect(trail.chosen).toBeNull()
    expect(trail.probes).toHaveLength(2)
    expect(routeReasonText(trail.reason)).toContain('/idleBeat')
  })
})
