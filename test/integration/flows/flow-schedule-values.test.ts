import { afterEach, beforeEach, expect, it } from 'vitest'
import { addFlow, nodeOf, runFlow } from '../../support/flow-harness'
import { startTestCore, type TestCore } from '../../support/core-harness'

let t: TestCore
beforeEach(async () => {
  t = await startTestCore()
})
afterEach(async () => {
  await t.stop()
})

it('a flow node’s parameter gets the flow run’s slot for ${schedule.date} (a run by hand: when it started), in its job’s zone', async () => {
  const jobId = await t.addJob({ executorHandler: 'demoJobHandler', executorParam: 'job default', timezone: 'Pacific/Kiritimati' })
  const flowId = await addFlow(t, 'dated', [{ key: 'report', jobId, param: 'day=${schedule.date} for ${flow.param}' }], [])
  const run = await runFlow(t, flowId, 'EU')
  expect(run.state).toBe('success')
  const [logId] = nodeOf(run, 'report')!.runIds
  // Kiritimati is UTC+14: its date is the day after UTC's for ten hours of every day.
  const day = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Pacific/Kiritimati' }).format(run.startTimeMs)
  expect((await t.core.api.getRun(logId)).executorParam).toBe(`day=${day} for EU`)
})
