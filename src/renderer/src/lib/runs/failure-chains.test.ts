import { describe, expect, it } from 'vitest'
import type { JobRun } from '../../../../shared/model'
import { failureChains, recentFailures } from './failure-chains'

const run = (id: number, over: Partial<JobRun> = {}): JobRun => ({
  id,
  jobGroup: 1,
  jobId: 7,
  executorAddress: 'http://127.0.0.1:9999/',
  executorHandler: 'demo',
  executorParam: '',
  executorShardingParam: '',
  executorFailRetryCount: 0,
  triggerTimeMs: id * 1000,
  triggerType: 'CRON',
  scheduleTimeMs: null,
  backfillId: 0,
  triggerCode: 200,
  triggerMsg: '',
  triggerTrail: null,
  handleTimeMs: id * 1000 + 500,
  handleCode: 500,
  handleMsg: 'boom',
  alarmStatus: 0,
  alarmMessage: '',
  alarmRule: '',
  parentLogId: null,
  deadlineMarks: 0,
  ...over,
})
const retry = (id: number, of: number, over: Partial<JobRun> = {}) => run(id, { triggerType: 'RETRY', parentLogId: of, ...over })

describe('failureChains', () => {
  it('makes a failure and its two failed retries one chain of three attempts, whatever order the runs come in', () => {
    const chains = failureChains([retry(12, 11), run(10), retry(11, 10)])
    expect(chains).toHaveLength(1)
    expect(chains[0]).toMatchObject({ attempts: 3, state: 'failed' })
    expect(chains[0].first.id).toBe(10)
    expect(chains[0].last.id).toBe(12)
  })

  it('reads a chain whose last retry succeeded as recovered, and one whose retry still runs as retrying', () => {
    const chains = failureChains([run(20), retry(21, 20, { handleCode: 200, handleMsg: '' }), run(30), retry(31, 30, { handleCode: 0 })])
    expect(chains.map((c) => [c.first.id, c.attempts, c.state])).toEqual([
      [30, 2, 'retrying'],
      [20, 2, 'recovered'],
    ])
  })

  it('keeps a killed run apart from failures', () => {
    const [chain] = failureChains([run(40, { handleMsg: 'Manual operation, kill job: job thread already killed.' })])
    expect(chain.state).toBe('killed')
  })

  it('starts a chain at the oldest attempt at hand when the first fell outside the runs read', () => {
    const [chain] = failureChains([retry(52, 51), retry(51, 50)])
    expect(chain).toMatchObject({ attempts: 2, state: 'failed' })
    expect(chain.first.id).toBe(51)
  })

  it('counts retries that all name the first run as attempts of one chain too', () => {
    const [chain, ...others] = failureChains([run(70), retry(71, 70), retry(72, 70)])
    expect(others).toEqual([])
    expect(chain).toMatchObject({ attempts: 3, state: 'failed' })
    expect(chain.last.id).toBe(72)
  })

  it('does not take a child run (PARENT) for a retry', () => {
    expect(failureChains([run(60), run(61, { triggerType: 'PARENT', parentLogId: 60 })])).toHaveLength(2)
  })
})

describe('recentFailures', () => {
  it('lists failed and retrying chains newest first, without recoveries or kills, at most `limit`', () => {
    const runs = [
      run(1),
      run(2),
      retry(3, 2, { handleCode: 200, handleMsg: '' }),
      run(4, { handleMsg: 'scheduling center kill job. [job running, killed]' }),
      run(5),
      retry(6, 5, { handleCode: 0 }),
      run(7),
    ]
    expect(recentFailures(runs, 8).map((c) => c.first.id)).toEqual([7, 5, 1])
    expect(recentFailures(runs, 2).map((c) => c.first.id)).toEqual([7, 5])
  })
})
