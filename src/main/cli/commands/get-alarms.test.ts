import { describe, expect, it } from 'vitest'
import type { AlarmEntry } from '../../../shared/alarm-list'
import type { Out } from '../output'
import type { ServerClient } from '../server-client'
import { getAlarms } from './get-alarms'

const NOW = 1_767_225_600_000

const alarm = (id: number, over: Partial<AlarmEntry> = {}): AlarmEntry => ({
  id,
  logId: 100 + id,
  jobId: 7,
  jobGroup: 1,
  kind: 'failure',
  state: 'failed',
  atMs: NOW - id * 1000,
  deliveries: [{ channel: 'email', target: 'ops@example.com', ok: false, detail: '550 no such user' }],
  message: '',
  rule: null,
  resentOf: 0,
  resentBy: '',
  ...over,
})

function server(alarms: AlarmEntry[]): { client: ServerClient; bodies: unknown[] } {
  const bodies: unknown[] = []
  const call = async (method: string, body: unknown) => {
    if (method !== 'listAlarms') throw new Error(`unexpected ${method}`)
    bodies.push(body)
    return alarms
  }
  return { client: { call } as unknown as ServerClient, bodies }
}

function recording(): Out & { text: () => string } {
  let text = ''
  return { write: (t) => (text += t), error: () => {}, colors: {} as Out['colors'], isTerminal: false, text: () => text }
}

describe('jobdesk get alarms', () => {
  it('asks for the last 24 h in the state given, and lists each alarm with its delivery, newest first, up to the limit', async () => {
    const { client, bodies } = server([alarm(1), alarm(2, { state: 'folded', deliveries: [] }), alarm(3, { resentOf: 1, resentBy: 'alice' })])
    const out = recording()
    await getAlarms(client, out, 'wide', { status: 'failed', limit: 2 }, NOW)
    expect(bodies).toEqual([{ from: NOW - 86_400_000, to: NOW + 1000, jobId: undefined, state: 'failed' }])
    const lines = out.text().trimEnd().split('\n')
    expect(lines).toHaveLength(3)
    expect(lines[0]).toMatch(/^ID\s+TIME\s+JOB\s+RUN\s+KIND\s+STATE\s+CHANNELS\s+DELIVERY\s+RESENT$/)
    expect(lines[1]).toContain('email:ops@example.com FAILED 550 no such user')
    expect(lines[2]).toMatch(/FOLDED\s+0\s+-/)
  })

  it('refuses a state that is not one, before asking the server', async () => {
    const { client, bodies } = server([])
    await expect(getAlarms(client, recording(), 'table', { status: 'lost', limit: 20 }, NOW)).rejects.toThrow(
      "--status: 'lost' is not one of sent, failed, folded, suppressed",
    )
    expect(bodies).toEqual([])
  })
})
