import { describe, expect, it } from 'vitest'
import type { JobDeskEvent } from '../../shared/api'
import type { FlowRun } from '../../shared/flow-types'
import type { JobGroup, JobInfo, JobRun, RegistryEntry } from '../../shared/model'
import { EventVisibility } from './event-visibility'
import type { CoreApi } from './method-rule-types'
import { DESKTOP_PRINCIPAL, type Principal } from '../../shared/principal'

const GROUP_A = 1
const GROUP_B = 2
const operatorOfA: Principal = { kind: 'user', name: 'op-a', userId: 2, role: 'operator', groupIds: [GROUP_A], source: '127.0.0.1', mustChangePassword: false }
const run = (id: number, jobGroup: number) => ({ id, jobGroup, jobId: id }) as JobRun
const entry = (appName: string) => ({ appName, address: `http://${appName}/` }) as RegistryEntry

/** Flow run 1 runs job 1 (group A) after an approval; flow run 2 runs jobs 1 and 200 (groups A and B). */
const flowRuns: Record<number, Pick<FlowRun, 'definition'>> = {
  1: {
    definition: {
      nodes: [
        { key: 'ok', kind: 'approval' },
        { key: 'a', jobId: 1 },
      ],
      edges: [{ from: 'ok', to: 'a' }],
    },
  },
  2: {
    definition: {
      nodes: [
        { key: 'a', jobId: 1 },
        { key: 'b', jobId: 200 },
      ],
      edges: [],
    },
  },
}

/** Only what the filter asks of the facade: the groups, a run's group, a job's group, a flow run's graph. */
const core = {
  listGroups: async () => [{ id: GROUP_A, appName: 'app-a' } as JobGroup, { id: GROUP_B, appName: 'app-b' } as JobGroup],
  getRun: async (id: number) => run(id, id < 100 ? GROUP_A : GROUP_B),
  getJob: async (id: number) => ({ id, jobGroup: id < 100 ? GROUP_A : GROUP_B }) as JobInfo,
  getFlowRun: async (id: number) => {
    if (!flowRuns[id]) throw new Error(`flow run ${id} not found`)
    return flowRuns[id]
  },
} as unknown as CoreApi

describe('the event stream of an operator of group A', () => {
  const filter = new EventVisibility(core, () => operatorOfA)

  it("keeps A's runs and drops B's", async () => {
    const event: JobDeskEvent = { type: 'runs-changed', runs: [run(1, GROUP_A), run(200, GROUP_B)], truncated: false }
    expect(await filter.visible(event)).toEqual({ type: 'runs-changed', runs: [run(1, GROUP_A)], truncated: false })
    expect(await filter.visible({ type: 'runs-changed', runs: [run(200, GROUP_B)], truncated: false })).toBeNull()
  })

  it("drops B's log lines, alarms and misfires, and B's executors", async () => {
    const page = { fromLineNum: 1, toLineNum: 1, logContent: 'x', isEnd: false }
    expect(await filter.visible({ type: 'run-log', logId: 200, page })).toBeNull()
    expect(await filter.visible({ type: 'run-log', logId: 1, page })).not.toBeNull()
    expect(await filter.visible({ type: 'alarm', logId: 200, jobId: 200, jobName: 'b', handleMsg: '', reason: '' })).toBeNull()
    expect(await filter.visible({ type: 'misfire', jobId: 200, missedCount: 1, strategy: 'DO_NOTHING' })).toBeNull()
    expect(await filter.visible({ type: 'registry-changed', entries: [entry('app-a'), entry('app-b')] })).toEqual({
      type: 'registry-changed',
      entries: [entry('app-a')],
    })
  })

  it("says jobs changed without naming B's job ids", async () => {
    expect(await filter.visible({ type: 'jobs-changed', jobIds: [1, 200] })).toEqual({ type: 'jobs-changed', jobIds: [] })
  })

  it("hears a flow run's notices only when it sees every group of the run's jobs", async () => {
    const notice = (flowRunId: number): JobDeskEvent => ({ type: 'flow-notice', kind: 'approval', flowRunId, flowId: 5, flowName: 'etl', detail: 'go?' })
    expect(await filter.visible(notice(1))).toEqual(notice(1))
    expect(await filter.visible(notice(2))).toBeNull()
    expect(await filter.visible(notice(404))).toBeNull()
  })

  it("hears a late or slow run of a job of its groups, and a flow run's only when it sees every group of its jobs", async () => {
    const miss = (target: 'job' | 'flow', runId: number, ownerId: number): JobDeskEvent => ({
      type: 'deadline-miss',
      kind: 'lateFinish',
      target,
      runId,
      ownerId,
      ownerName: 'n',
      detail: '2026-12-07T03:00:05.000Z',
    })
    expect(await filter.visible(miss('job', 7, 1))).toEqual(miss('job', 7, 1))
    expect(await filter.visible(miss('job', 7, 200))).toBeNull()
    expect(await filter.visible(miss('flow', 1, 5))).toEqual(miss('flow', 1, 5))
    expect(await filter.visible(miss('flow', 2, 5))).toBeNull()
  })

  it('passes everything to an admin unchanged', async () => {
    const admin = new EventVisibility(core, () => DESKTOP_PRINCIPAL)
    const event: JobDeskEvent = { type: 'runs-changed', runs: [run(200, GROUP_B)], truncated: false }
    expect(await admin.visible(event)).toBe(event)
  })
})
