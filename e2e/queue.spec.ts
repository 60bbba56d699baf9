import { expect, test } from '@playwright/test'
import { defaultJobInput } from '../src/shared/job-defaults'
import { EMBEDDED_APP_NAME } from '../src/shared/model'
import { tokenBridgeCalls } from './support/admin-session'
import { goTo, openConsole } from './support/console-page'
import { useHeadlessServer } from './support/headless-server'

const server = useHeadlessServer({ extraArgs: ['--no-demo'] })

test('the Queue page lists the runs waiting for a full pool in priority order; one is cancelled, one started past the pool', async ({ page }) => {
  // A pool of one slot, held by a long run; three runs of jobs of low, normal and high priority wait for it.
  const queued = await tokenBridgeCalls(server().origin, server().token, async (call) => {
    const groups = (await call('listGroups')) as { id: number; appName: string }[]
    const embedded = groups.find((group) => group.appName === EMBEDDED_APP_NAME)!.id
    await call('addPool', { name: 'oracle', slots: 1, description: 'the batch database' })
    const job = async (name: string, handler: string, param: string, priority: number) =>
      (
        (await call(
          'saveJob',
          defaultJobInput(embedded, 'UTC', { name, executorHandler: handler, executorParam: param, pools: [{ name: 'oracle', slots: 1 }], priority }),
        )) as { id: number }
      ).id
    const holder = await job('E2E holder', 'sleepJobHandler', '60000', 5)
    await call('triggerJob', { jobId: holder })
    await expect.poll(async () => ((await call('listPools')) as { held: number }[])[0].held).toBe(1)
    const runOf = async (name: string, priority: number) =>
      ((await call('triggerJob', { jobId: await job(name, 'demoJobHandler', '', priority) })) as { logIds: number[] }).logIds[0]
    return { low: await runOf('E2E low', 9), normal: await runOf('E2E normal', 5), high: await runOf('E2E high', 1) }
  })

  await openConsole(page, server())
  await goTo(page, 'queue')
  const rows = page.getByTestId('queue-row')
  await expect(rows).toHaveCount(3)
  // Priority first, whatever the order they were triggered in.
  await expect(rows.nth(0)).toHaveAttribute('data-run', String(queued.high))
  await expect(rows.nth(1)).toHaveAttribute('data-run', String(queued.normal))
  await expect(rows.nth(2)).toHaveAttribute('data-run', String(queued.low))
  await expect(page.getByTestId('queue-position')).toHaveText(['1', '2', '3'])
  await expect(rows.nth(0)).toContainText('E2E high')
  await expect(rows.nth(0)).toContainText('Pool full')
  await expect(rows.nth(1)).toContainText('Behind runs before it')
  await expect(page.getByTestId('pool-oracle')).toContainText('1 of 1')

  await rows.nth(2).getByTestId('queue-cancel').click()
  await expect(rows).toHaveCount(2)
  await rows.nth(1).getByTestId('queue-start-now').click()
  await page.getByTestId('queue-start-now-confirm').click()
  await expect(rows).toHaveCount(1)
  await expect(rows.nth(0)).toHaveAttribute('data-run', String(queued.high))
})
