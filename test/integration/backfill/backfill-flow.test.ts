import { afterEach, beforeEach, expect, it } from 'vitest'
import { addFlow, nodeOf } from '../../support/flow-harness'
import { startTestCore, type TestCore } from '../../support/core-harness'
import { waitFor } from '../../support/wait-for'

const DAY = 86_400_000
const FROM = Date.parse('2026-03-02T00:00:00+08:00')

let t: TestCore
beforeEach(async () => {
  t = await startTestCore()
})
afterEach(async () => {
  await t.stop()
})

it('a flow’s backfill: one flow run per slot, its scheduled time the slot, and its nodes get the slot as their ${schedule.date}', async () => {
  const jobId = await t.addJob({ executorHandler: 'echoJobHandler', timezone: 'Asia/Shanghai' })
  const flowId = await addFlow(
    t,
    'daily report',
    [
      { key: 'report', jobId, param: 'day=${schedule.date}' },
      { key: 'publish', jobId, param: 'publish' },
    ],
    ['report>publish'],
    {
      scheduleType: 'CRON',
      scheduleConf: '0 0 6 * * ?',
      timezone: 'Asia/Shanghai',
      maxActiveRuns: 1,
    },
  )
  const started = await t.core.api.startBackfill({ flowId, from: FROM, to: FROM + 4 * DAY, concurrency: 2 })
  const slots = [0, 1, 2, 3].map((d) => FROM + d * DAY + 6 * 3_600_000)
  expect(started.slots).toEqual(slots)

  const view = await waitFor('the flow backfill done', async () => {
    const v = await t.core.api.getBackfill({ id: started.backfillId })
    return v.state === 'done' && v
  })
  expect(view).toMatchObject({ flowId, total: 4, done: 4, failed: 0 })
  const { runs } = await t.core.api.listFlowRuns({ flowId })
  expect(runs.map((r) => [r.triggerType, r.state, r.scheduleTimeMs]).sort()).toEqual(slots.map((slot) => ['BACKFILL', 'success', slot]))
  expect(new Set(view.slots.map((s) => s.runId))).toEqual(new Set(runs.map((r) => r.id)))
  for (const run of runs) {
    const [logId] = nodeOf(run, 'report').runIds
    const day = new Date(run.scheduleTimeMs! + 8 * 3_600_000).toISOString().slice(0, 10)
    expect((await t.core.api.getRun(logId)).handleMsg).toBe(`day=${day}`)
  }
}, 60_000)
