import { describe, expect, it } from 'vitest'
import { silentLogger } from '../kernel/logger'
import { FlowNodeKills } from './flow-node-kills'

/** A run control whose runs read as pending until `triggered`, as the run writer's held outcome makes them. */
function runControl(pendingIds: number[]) {
  const pending = new Set(pendingIds)
  const killed: number[] = []
  return {
    killed,
    triggered: (logId: number) => pending.delete(logId),
    kill: (logId: number) => {
      if (logId === 99) return Promise.reject(Object.assign(new Error('gone'), { code: 'run.notFound' }))
      if (pending.has(logId)) return Promise.reject(Object.assign(new Error('pending'), { code: 'run.notRunning', params: { status: 'pending' } }))
      killed.push(logId)
      return Promise.resolve({})
    },
  }
}

describe('FlowNodeKills', () => {
  it('kills a running node run at once', async () => {
    const control = runControl([])
    await new FlowNodeKills(control, silentLogger).kill(1)
    expect(control.killed).toEqual([1])
  })

  it('kills a node run still pending once its trigger is recorded, and only once', async () => {
    const control = runControl([5])
    const kills = new FlowNodeKills(control, silentLogger)
    await kills.kill(5)
    expect(control.killed).toEqual([])
    control.triggered(5)
    kills.started([4, 5])
    kills.started([5])
    await Promise.resolve()
    expect(control.killed).toEqual([5])
  })

  it('passes on any other refusal of the kill', async () => {
    const kills = new FlowNodeKills(runControl([]), silentLogger)
    await expect(kills.kill(99)).rejects.toMatchObject({ code: 'run.notFound' })
  })
})
