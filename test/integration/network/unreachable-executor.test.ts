import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RegistryEntry } from '../../../src/shared/model'
import { freePort } from '../../support/free-port'
import { QUIET_REGISTRY_ARGS, startHeadlessChild, type HeadlessChild } from '../../support/headless-child'
import { waitFor } from '../../support/wait-for'

/**
 * Issue 23, finding 10: an agent killed a moment ago showed ONLINE for 45 s although a trigger to
 * it had just failed with ECONNREFUSED. Beats here are due once an hour, so only the failed trigger
 * can make the address suspect.
 */
const API_TOKEN = 'unreachable-api-token-0123456789'
const EXECUTOR_TOKEN = 'unreachable-executor-token-0123'
let server: HeadlessChild

async function call<T>(method: string, body: unknown, token = API_TOKEN): Promise<T> {
  const response = await fetch(`${server.origin}/api/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'XXL-JOB-ACCESS-TOKEN': token },
    body: JSON.stringify(body),
  })
  const reply = (await response.json()) as { code: number; msg: string | null; data: T }
  if (reply.code !== 200) throw new Error(`${method}: ${reply.msg}`)
  return reply.data
}

beforeAll(async () => {
  server = await startHeadlessChild({ extraArgs: [...QUIET_REGISTRY_ARGS, '--api-token', API_TOKEN, '--token', EXECUTOR_TOKEN] })
}, 60_000)
afterAll(async () => server?.dispose())

describe('an executor a trigger cannot connect to', () => {
  it('is shown suspect at once, not online until its beats are overdue', async () => {
    // Registered at a port nothing listens on: an agent that died after its last beat.
    const address = `http://127.0.0.1:${await freePort()}/`
    await call('registry', { registryGroup: 'EXECUTOR', registryKey: 'gone-agent', registryValue: address }, EXECUTOR_TOKEN)
    const healthOf = async () => (await call<RegistryEntry[]>('listRegistry', {})).find((e) => e.address === address)?.health
    expect(await healthOf()).toBe('online')
    const group = (await call<{ id: number; appName: string }[]>('listGroups', {})).find((g) => g.appName === 'gone-agent')!
    const jobId = await call<number>('addJob', { jobGroup: group.id, name: 'to the dead agent', executorHandler: 'demoJobHandler', scheduleType: 'NONE' })
    const [logId] = await call<number[]>('triggerJob', { id: jobId })
    const run = await waitFor('the trigger to fail', async () => {
      const read = await call<{ triggerCode: number; triggerMsg: string }>('getRun', { id: logId })
      return read.triggerCode !== 0 && read
    })
    expect(run.triggerCode).toBe(500)
    expect(run.triggerMsg).toContain('ECONNREFUSED')
    expect(await healthOf()).toBe('suspect')
    // Its next beat: back online.
    await call('registry', { registryGroup: 'EXECUTOR', registryKey: 'gone-agent', registryValue: address }, EXECUTOR_TOKEN)
    expect(await healthOf()).toBe('online')
  })
})
