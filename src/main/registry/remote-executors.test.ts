import { describe, expect, it } from 'vitest'
import type { JobGroup, ProtocolGeneration } from '../../shared/model'
import type { TriggerParam } from '../executor/executor-api'
import type { ExecutorClient, ExecutorClientOptions } from '../net/executor-client'
import { RemoteExecutors } from './remote-executors'

const group: JobGroup = {
  id: 7,
  appName: 'orders',
  name: 'Orders',
  addressType: 0,
  addressList: 'http://127.0.0.1:9999/',
  accessToken: '',
  protocolGeneration: null,
  autoCreated: false,
  scriptsAllowed: false,
  updateTimeMs: 0,
}

const param = { jobId: 1, logId: 1 } as TriggerParam

/** Clients that detect `detects` from their first reply, as a real one does from the executor's answer. */
function fakeClients(detects: ProtocolGeneration) {
  const made: ExecutorClientOptions[] = []
  const create = (options: ExecutorClientOptions): ExecutorClient => {
    made.push(options)
    let generation = options.generation ?? null
    const answer = async () => {
      generation ??= detects
      return { code: 200, msg: null }
    }
    return {
      address: options.address,
      get generation() {
        return generation
      },
      beat: answer,
      idleBeat: answer,
      run: answer,
      kill: answer,
      log: answer,
    } as ExecutorClient
  }
  return { made, create }
}

/** A group table of one row, counting what the clients ask of it. */
function fakeGroups(storedAlready: ProtocolGeneration | null = null) {
  const calls = { get: 0, set: 0 }
  let stored = storedAlready
  return {
    calls,
    repo: {
      get: async () => {
        calls.get++
        return { ...group, protocolGeneration: stored }
      },
      setProtocolGeneration: async (_id: number, generation: string) => {
        calls.set++
        stored ??= generation as ProtocolGeneration
      },
    },
  }
}

/** Lets the best-effort write that follows a reply finish. */
const settle = () => new Promise((resolve) => setImmediate(resolve))

describe('RemoteExecutors', () => {
  it('stores a detected generation once, then makes the clients of that group with it, though triggers bring the group as cached before', async () => {
    const clients = fakeClients('g2')
    const groups = fakeGroups()
    const remote = new RemoteExecutors(groups.repo, () => 'token', clients.create)
    for (let i = 0; i < 5; i++) {
      await remote.forAddress('http://127.0.0.1:9999/', group, true).run(param)
      await settle()
    }
    expect(groups.calls).toEqual({ get: 1, set: 1 })
    expect(clients.made.map((options) => options.generation)).toEqual([null, 'g2'])
  })

  it('keeps the generation another node stored first', async () => {
    const clients = fakeClients('g2')
    const groups = fakeGroups('g3')
    const remote = new RemoteExecutors(groups.repo, () => 'token', clients.create)
    await remote.forAddress('http://127.0.0.1:9999/', group, true).run(param)
    await settle()
    await remote.forAddress('http://127.0.0.1:9999/', group, true).run(param)
    expect(clients.made.map((options) => options.generation)).toEqual([null, 'g3'])
  })

  it('tries again after a failed write', async () => {
    const clients = fakeClients('g1')
    const groups = fakeGroups()
    let failures = 1
    const repo = {
      get: groups.repo.get,
      setProtocolGeneration: async (id: number, generation: string) => {
        if (failures-- > 0) throw new Error('database is closing')
        await groups.repo.setProtocolGeneration(id, generation)
      },
    }
    const remote = new RemoteExecutors(repo, () => 'token', clients.create)
    await remote.forAddress('http://127.0.0.1:9999/', group, true).run(param)
    await settle()
    expect(groups.calls.set).toBe(0)
    await remote.forAddress('http://127.0.0.1:9999/', group, true).run(param)
    await settle()
    expect(groups.calls.set).toBe(1)
    await remote.forAddress('http://127.0.0.1:9999/', group, true).run(param)
    expect(clients.made.map((options) => options.generation)).toEqual([null, 'g1'])
  })
})
