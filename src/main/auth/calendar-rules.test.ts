import { describe, expect, it } from 'vitest'
import type { Principal } from '../../shared/principal'
import type { ScheduleSimulation } from '../../shared/calendar/schedule-simulation'
import { CALENDAR_RULES } from './calendar-rules'
import type { RuleContext } from './method-rule-types'

const simulation: ScheduleSimulation = {
  fires: [
    { jobId: 1, time: 1000 },
    { jobId: 2, time: 2000 },
    { flowId: 7, time: 3000 },
  ],
  skipped: [
    { jobId: 2, slot: 500, reason: 'holiday', detail: 'New Year' },
    { jobId: 1, slot: 600, reason: 'weekend' },
  ],
  cut: false,
}

function context(groupIds: number[] | null): RuleContext {
  const principal: Principal = { kind: 'user', name: 'olga', userId: 3, role: 'operator', groupIds, source: 'test', mustChangePassword: false }
  const core = {
    listJobs: async () => [
      { id: 1, jobGroup: 10 },
      { id: 2, jobGroup: 20 },
    ],
    listFlows: async () => [{ flow: { id: 7, nodes: [{ key: 'a', jobId: 2 }], edges: [] } }],
    getJob: async (id: number) => ({ id, jobGroup: id === 1 ? 10 : 20 }),
  }
  return { principal, core, method: 'simulateSchedule' } as unknown as RuleContext
}

describe('simulateSchedule narrowed to what the caller sees', () => {
  it('keeps everything for a principal of every group', async () => {
    expect(await CALENDAR_RULES.simulateSchedule.narrow(context(null), simulation)).toBe(simulation)
  })

  it('keeps the fires and skips of the jobs and flows of the caller’s groups only', async () => {
    const narrowed = (await CALENDAR_RULES.simulateSchedule.narrow(context([10]), simulation)) as ScheduleSimulation
    expect(narrowed).toEqual({ fires: [{ jobId: 1, time: 1000 }], skipped: [{ jobId: 1, slot: 600, reason: 'weekend' }], cut: false })
    const ofB = (await CALENDAR_RULES.simulateSchedule.narrow(context([20]), simulation)) as ScheduleSimulation
    expect(ofB.fires).toEqual([
      { jobId: 2, time: 2000 },
      { flowId: 7, time: 3000 },
    ])
  })
})
