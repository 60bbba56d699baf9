import { expect, it } from 'vitest'
import { AlarmPolicyGate } from '../../../src/main/completion/alarm-policy-gate'
import { FAILURE_ALARM, NO_ALARM_STATE } from '../../../src/shared/alarm-policy'
import { newRun } from '../../support/new-run'
import { storeSuite, T0 } from './store-fixture'

const everyFailure = { alarmAfterFailures: 1, alarmQuietSec: 600 }

storeSuite('AlarmPolicyRepo', (f) => {
  it('keeps the state per (job or flow, kind)', async () => {
    const { alarmPolicy } = f.store
    expect(await alarmPolicy.readState('job:1', FAILURE_ALARM)).toBeNull()
    const state = { failuresInRow: 4, firstFailureMs: T0, lastSentMs: T0 + 5000, folded: 2, alarmed: true }
    await f.store.transaction(async (tx) => {
      expect(await tx.alarmPolicy.lockState('job:1', FAILURE_ALARM)).toEqual(NO_ALARM_STATE)
      await tx.alarmPolicy.saveState('job:1', FAILURE_ALARM, state)
    })
    await alarmPolicy.saveState('job:1', 'late', { ...NO_ALARM_STATE, failuresInRow: 1 })
    await alarmPolicy.saveState('flow:1', FAILURE_ALARM, NO_ALARM_STATE)
    expect(await alarmPolicy.readState('job:1', FAILURE_ALARM)).toEqual(state)
    expect(await alarmPolicy.readState('job:1', 'late')).toMatchObject({ failuresInRow: 1 })
    expect(await alarmPolicy.readState('flow:1', FAILURE_ALARM)).toEqual(NO_ALARM_STATE)
  })

  it('lists the jobs with an open row of a kind: failures in a row, not a row a success closed, nor a flow', async () => {
    const { alarmPolicy } = f.store
    expect(await alarmPolicy.openJobIds(FAILURE_ALARM)).toEqual([])
    await alarmPolicy.saveState('job:7', FAILURE_ALARM, { ...NO_ALARM_STATE, failuresInRow: 2, firstFailureMs: T0 })
    await alarmPolicy.saveState('job:8', FAILURE_ALARM, { ...NO_ALARM_STATE, lastSentMs: T0 })
    await alarmPolicy.saveState('job:9', 'late', { ...NO_ALARM_STATE, failuresInRow: 1 })
    await alarmPolicy.saveState('flow:7', FAILURE_ALARM, { ...NO_ALARM_STATE, failuresInRow: 3 })
    expect(await alarmPolicy.openJobIds(FAILURE_ALARM)).toEqual([7])
    expect(await alarmPolicy.openJobIds('late')).toEqual([9])
  })

  it('two nodes deciding failures of one job at once: exactly one sends, the other folds', async () => {
    const other = await f.another()
    const gates = [
      new AlarmPolicyGate(f.store, () => ({ afterFailures: 1, quietSec: 0 })),
      new AlarmPolicyGate(other, () => ({ afterFailures: 1, quietSec: 0 })),
    ]
    const target = { jobId: 7, groupId: 1 }
    // SQLite has one writer per file and its busy wait holds the thread: there the two run one after the other.
    const both = <T>(work: (gate: AlarmPolicyGate, i: number) => Promise<T>): Promise<T[]> =>
      f.engine === 'sqlite'
        ? gates.reduce(async (done, gate, i) => [...(await done), await work(gate, i)], Promise.resolve([] as T[]))
        : Promise.all(gates.map(work))
    const rules = await both((gate, i) => gate.decide(target, everyFailure, FAILURE_ALARM, T0 + i))
    expect(rules.map((r) => r.rule).sort()).toEqual(['folded', 'sent'])
    expect(await f.store.alarmPolicy.readState('job:7', FAILURE_ALARM)).toMatchObject({ failuresInRow: 2, folded: 1, alarmed: true })
    // Two successes at once: one tells the recovery.
    const recoveries = await both((gate) => gate.recover(target, FAILURE_ALARM, T0 + 10_000))
    expect(recoveries.filter(Boolean)).toEqual([{ failures: 2, downMs: expect.any(Number), suppressedBy: null }])
  })

  it('finds the silence in force over a job by its id or its group, and a flow by its id; a lifted or ended one mutes nothing', async () => {
    const { alarmPolicy } = f.store
    const add = (target: { jobId: number } | { groupId: number } | { flowId: number }, untilMs: number, reason: string) =>
      alarmPolicy.addSilence({ target, untilMs, reason, createdBy: 'ops', createdAtMs: T0 })
    const jobSilence = await add({ jobId: 7 }, T0 + 60_000, 'deploy')
    const groupSilence = await add({ groupId: 2 }, T0 + 120_000, 'db upgrade')
    const flowSilence = await add({ flowId: 3 }, T0 + 30_000, 'flow rework')
    expect(await alarmPolicy.silenceInForce({ jobId: 7, groupId: 1 }, T0)).toEqual({ id: jobSilence, reason: 'deploy', untilMs: T0 + 60_000 })
    // Both cover job 7 in group 2: the one lasting longer names the rule.
    expect(await alarmPolicy.silenceInForce({ jobId: 7, groupId: 2 }, T0)).toMatchObject({ id: groupSilence })
    expect(await alarmPolicy.silenceInForce({ flowId: 3 }, T0)).toMatchObject({ id: flowSilence })
    expect(await alarmPolicy.silenceInForce({ flowId: 3 }, T0 + 30_000)).toBeNull()
    expect(await alarmPolicy.silenceInForce({ jobId: 8, groupId: 1 }, T0)).toBeNull()
    expect(await alarmPolicy.liftSilence(jobSilence, 'lead', T0 + 1000)).toBe(true)
    expect(await alarmPolicy.liftSilence(jobSilence, 'lead', T0 + 2000)).toBe(false)
    expect(await alarmPolicy.silenceInForce({ jobId: 7, groupId: 1 }, T0 + 1000)).toBeNull()
    expect(await alarmPolicy.getSilence(jobSilence)).toMatchObject({
      target: { jobId: 7 },
      removedBy: 'lead',
      removedAtMs: T0 + 1000,
      untilMs: T0 + 1000,
      createdBy: 'ops',
    })
    // Listed: in force, and ended after the cut (the lifted one at T0+1000, the flow's at T0+30000), newest first.
    expect((await alarmPolicy.listSilences(T0, 10)).map((s) => s.id)).toEqual([flowSilence, groupSilence, jobSilence])
    expect((await alarmPolicy.listSilences(T0 + 40_000, 10)).map((s) => s.id)).toEqual([groupSilence])
  })

  it("keeps a run's alarm rule beside its status and message", async () => {
    const runId = (await f.store.runs.insert(newRun({ jobId: 7, triggerTimeMs: T0 })))!
    await f.store.runs.setAlarmStatus(runId, 4, '', '{"rule":"folded","quietSec":60}')
    expect(await f.store.runs.get(runId)).toMatchObject({ alarmStatus: 4, alarmMessage: '', alarmRule: '{"rule":"folded","quietSec":60}' })
  })
})
