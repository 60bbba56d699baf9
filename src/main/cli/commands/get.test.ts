import { describe, expect, it } from 'vitest'
import type { Out } from '../output'
import type { ServerClient } from '../server-client'
import { getCommand } from './get'

const run = (id: number, jobId: number) => ({
  id,
  jobId,
  jobGroup: 1,
  triggerTimeMs: 0,
  triggerType: 'CRON',
  triggerCode: 200,
  handleCode: 200,
  handleTimeMs: 0,
  handleMsg: '',
  executorAddress: '',
  deadlineMarks: 0,
})

/** A server with two jobs; runs of them and of a job removed since. */
function server(): { client: ServerClient; calls: { method: string; body: unknown }[] } {
  const calls: { method: string; body: unknown }[] = []
  const call = async (method: string, body: unknown) => {
    calls.push({ method, body })
    if (method === 'listRuns') return { runs: [run(3, 7), run(2, 9), run(1, 7), run(0, 4)], nextBeforeId: null }
    if (method === 'listGroups') return [{ id: 1, appName: 'billing-app' }]
    if (method === 'listJobPage') {
      const all = [
        { id: 7, name: 'nightly-report', jobGroup: 1 },
        { id: 9, name: 'settle', jobGroup: 1 },
      ]
      const ids = (body as { ids: number[] }).ids
      return { jobs: all.filter((j) => ids.includes(j.id)), total: 2, next: null }
    }
    throw new Error(`unexpected ${method}`)
  }
  return { client: { call } as unknown as ServerClient, calls }
}

function recording(): Out & { text: () => string } {
  let text = ''
  return { write: (t) => (text += t), error: () => {}, colors: {} as Out['colors'], isTerminal: false, text: () => text }
}

describe('jobdesk get runs', () => {
  it("names each run's job, a removed job by its id, with one look-up of the runs' jobs", async () => {
    const { client, calls } = server()
    const out = recording()
    expect(await getCommand(client, out, 'runs', {})).toBe(0)
    const rows = out.text().trim().split('\n')
    expect(rows[0]).toMatch(/^ID\s+JOB\s+TRIGGERED/)
    expect(rows.slice(1).map((row) => row.split(/\s{2,}/).slice(0, 2))).toEqual([
      ['3', 'nightly-report'],
      ['2', 'settle'],
      ['1', 'nightly-report'],
      ['0', '#4 (removed)'],
    ])
    expect(calls.filter((c) => c.method === 'listJobPage').map((c) => (c.body as { ids: number[] }).ids)).toEqual([[7, 9, 4]])
  })

  it('shows the job id and group in the wide table', async () => {
    const out = recording()
    await getCommand(server().client, out, 'runs', { output: 'wide' })
    const [header, first] = out.text().split('\n')
    expect(header).toMatch(/^ID\s+JOB\s+JOB ID\s+GROUP\s+TRIGGERED/)
    expect(first).toMatch(/^3\s+nightly-report\s+7\s+billing-app\s/)
  })
})
