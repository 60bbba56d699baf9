import { describe, expect, it } from 'vitest'
import type { BackfillView } from '../../../shared/backfill'
import type { Out } from '../output'
import type { ServerClient } from '../server-client'
import { backfillCommand } from './backfill'

/** A server that answers startBackfill, then each getBackfill with the next of `views`. */
function server(views: Partial<BackfillView>[]): { client: ServerClient; calls: { method: string; body: unknown }[] } {
  const calls: { method: string; body: unknown }[] = []
  let look = 0
  const call = async (method: string, body: unknown) => {
    calls.push({ method, body })
    if (method === 'listJobPage') return { jobs: [{ id: 7, name: 'hourly', jobGroup: 1 }], total: 1, next: null }
    if (method === 'listGroups') return [{ id: 1, appName: 'app' }]
    if (method === 'startBackfill') return { backfillId: 3, slots: [1, 2, 3] }
    const base = { id: 3, jobId: 7, total: 3, done: 0, failed: 0, running: 0, pending: 3, cancelled: 0, state: 'running' }
    return { ...base, ...views[Math.min(look++, views.length - 1)] }
  }
  return { client: { call } as unknown as ServerClient, calls }
}

function recording(isTerminal: boolean): Out & { text: () => string } {
  let text = ''
  return { write: (t) => (text += t), error: () => {}, colors: {} as Out['colors'], isTerminal, text: () => text }
}

const options = { from: '1767225600000', to: '1767236400000', concurrency: '2' }
const noPause = async () => {}

describe('jobdesk backfill follows its backfill', () => {
  it('on a terminal: one progress bar drawn over itself, exit 0 when every slot succeeded', async () => {
    const { client, calls } = server([
      { running: 2, pending: 1 },
      { done: 2, running: 1, pending: 0 },
      { done: 3, running: 0, state: 'done' },
    ])
    const out = recording(true)
    expect(await backfillCommand(client, out, '7', options, noPause)).toBe(0)
    expect(calls.find((c) => c.method === 'startBackfill')!.body).toEqual({
      jobId: 7,
      from: 1_767_225_600_000,
      to: 1_767_236_400_000,
      concurrency: 2,
      onlyMissing: false,
      dryRun: false,
    })
    expect(out.text()).toContain('\r[####################----------] 2/3 done, 1 running (running)')
    expect(out.text().endsWith('\r[##############################] 3/3 done (done)\u001b[K\n')).toBe(true)
  })

  it('elsewhere: a line per change; exit 1 when a slot failed', async () => {
    const { client } = server([{ running: 1 }, { running: 1 }, { done: 2, failed: 1, state: 'done' }])
    const out = recording(false)
    expect(await backfillCommand(client, out, '7', options, noPause)).toBe(1)
    expect(out.text()).toBe('backfill 3: 0/3 done, 1 running (running)\nbackfill 3: 2/3 done, 1 failed (done)\n')
  })

  it('a cancelled backfill exits 1', async () => {
    const { client } = server([{ done: 1, cancelled: 2, state: 'cancelled' }])
    expect(await backfillCommand(client, recording(false), '7', options, noPause)).toBe(1)
  })

  it('refuses a job and a flow at once, a bad --order and a bad --concurrency before calling the server', async () => {
    const { client, calls } = server([])
    await expect(backfillCommand(client, recording(false), '7', { ...options, flow: 'f' }, noPause)).rejects.toThrow(/not both/)
    await expect(backfillCommand(client, recording(false), '7', { ...options, order: 'sideways' }, noPause)).rejects.toThrow(/--order: 'sideways'/)
    await expect(backfillCommand(client, recording(false), '7', { ...options, concurrency: 'two' }, noPause)).rejects.toThrow(/--concurrency: 'two'/)
    expect(calls.filter((c) => c.method === 'startBackfill')).toEqual([])
  })
})
