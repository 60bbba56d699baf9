import { describe, expect, it } from 'vitest'
import type { JobRun } from '../../../shared/model'
import type { Out } from '../output'
import type { ServerClient } from '../server-client'
import { endedLine, killCommand } from './runs'

const killed = (retriesLeft: number, handleMsg: string) =>
  ({ id: 637, triggerCode: 200, handleCode: 500, handleMsg, executorFailRetryCount: retriesLeft }) as JobRun

function server(run: JobRun): { client: ServerClient; bodies: unknown[] } {
  const bodies: unknown[] = []
  const call = async (_method: string, body: unknown) => {
    bodies.push(body)
    return run
  }
  return { client: { call } as unknown as ServerClient, bodies }
}

function recording(): Out & { text: () => string } {
  let text = ''
  return { write: (t) => (text += t), error: () => {}, colors: {} as Out['colors'], isTerminal: false, text: () => text }
}

describe('jobdesk kill', () => {
  it('reads as a kill, and says when the job’s retries follow it', async () => {
    const { client, bodies } = server(killed(2, 'Killed by olga'))
    const out = recording()
    expect(await killCommand(client, out, '637')).toBe(0)
    expect(bodies).toEqual([{ logId: 637 }])
    expect(out.text()).toBe('run 637 killed by olga; a retry follows (2 left: --no-retry kills without)\n')
  })

  it('with --no-retry asks for none and says so', async () => {
    const { client, bodies } = server(killed(0, 'Killed by olga, without retry'))
    const out = recording()
    await killCommand(client, out, '637', { retry: false })
    expect(bodies).toEqual([{ logId: 637, retry: false }])
    expect(out.text()).toBe('run 637 killed by olga, without retry\n')
  })

  it('reads an executor’s or XXL-JOB’s kill as a kill too, not as "failed: … kill job: Success"', () => {
    expect(endedLine(killed(0, 'Manual operation, kill job: Success'))).toBe('run 637 killed: Manual operation, kill job: Success')
    expect(endedLine({ ...killed(0, 'told to fail'), id: 638 })).toBe('run 638 failed: told to fail')
  })
})
