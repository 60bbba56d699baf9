import { describe, expect, it } from 'vitest'
import { AlarmPolicyGate } from '../../../src/main/completion/alarm-policy-gate'
import type { FlowNoticeFacts } from '../../../src/main/completion/alarms'
import { FlowPolicyAlarms } from '../../../src/main/completion/flow-policy-alarms'
import { ManualClock } from '../../../src/main/kernel/clock'
import { silentLogger } from '../../../src/main/kernel/logger'
import { flow } from '../../store/conformance/flow-fixture'
import { freshSqliteStore } from '../../support/temp-sqlite-store'

const T0 = Date.parse('2026-06-01T02:00:00Z')
const fresh = freshSqliteStore()

/** A flow's alarms through the policy on the test's store, on a manual clock; what reached the channels is noted. */
async function flowAlarms(policy: { alarmAfterFailures: number | null; alarmQuietSec: number | null }) {
  const { store } = fresh
  const flowId = await store.flows.insert({ ...flow(`flaky ${Math.random().toString(36).slice(2, 8)}`), ...policy })
  const clock = new ManualClock(T0)
  const announced: FlowNoticeFacts[] = []
  const alarms = new FlowPolicyAlarms({
    gate: new AlarmPolicyGate(store, () => ({ afterFailures: 1, quietSec: 0 })),
    store,
    announce: (notice) => announced.push(notice),
    clock,
    logger: silentLogger,
  })
  const failed = async (flowRunId: number) => {
    alarms.announce({ kind: 'failed', flowRunId, flowId, flowName: 'flaky', alarmEmail: '', failedNodes: ['load'] })
    await alarms.settled()
  }
  return { flowId, clock, announced, alarms, failed }
}

describe("a flow's notices through the alarm policy", () => {
  it('N in a row and the quiet time hold and fold failed runs; the next success tells one recovery', async () => {
    const f = await flowAlarms({ alarmAfterFailures: 2, alarmQuietSec: 60 })
    for (let run = 1; run <= 4; run++) {
      await f.failed(run)
      await f.clock.advance(10_000)
    }
    expect(f.announced.map((n) => `${n.kind} ${n.flowRunId}`)).toEqual(['failed 2'])
    f.alarms.succeeded(f.flowId, 5)
    await f.alarms.settled()
    expect(f.announced.at(-1)).toMatchObject({ kind: 'recovered', flowRunId: 5, flowId: f.flowId, failures: 4, downMs: 40_000 })
    // A second success has nothing to tell.
    f.alarms.succeeded(f.flowId, 6)
    await f.alarms.settled()
    expect(f.announced).toHaveLength(2)
  })

  it("follows the server's default when the flow sets none, and an approval always goes", async () => {
    const f = await flowAlarms({ alarmAfterFailures: null, alarmQuietSec: null })
    await f.failed(1)
    f.alarms.announce({ kind: 'approval', flowRunId: 2, flowId: f.flowId, flowName: 'flaky', alarmEmail: '', key: 'sign_off', prompt: '' })
    await f.alarms.settled()
    expect(f.announced.map((n) => n.kind)).toEqual(['failed', 'approval'])
  })

  it('a silence of the flow keeps its failures and its recovery back', async () => {
    const f = await flowAlarms({ alarmAfterFailures: 1, alarmQuietSec: 0 })
    await fresh.store.alarmPolicy.addSilence({ target: { flowId: f.flowId }, untilMs: T0 + 3_600_000, reason: 'rework', createdBy: 'ops', createdAtMs: T0 })
    await f.failed(1)
    f.alarms.succeeded(f.flowId, 2)
    await f.alarms.settled()
    expect(f.announced).toEqual([])
  })
})
