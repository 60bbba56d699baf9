import { expect, test, type Page } from '@playwright/test'
import { defaultJobInput } from '../src/shared/job-defaults'
import { EMBEDDED_APP_NAME } from '../src/shared/model'
import { tokenBridgeCalls } from './support/admin-session'
import { openConsole } from './support/console-page'
import { useHeadlessServer, type HeadlessServer } from './support/headless-server'

// The embedded executor loads the e2e handlers too: e2eBigOutput gives a node an output over 4 KiB.
const server = useHeadlessServer({ extraArgs: ['--handlers', 'e2e/handlers'] })

type Call = (method: string, ...args: unknown[]) => Promise<any>
const calls = <T>(s: HeadlessServer, work: (call: Call) => Promise<T>) => tokenBridgeCalls(s.origin, s.token, work)

/** A no-schedule job of the embedded executor, run `times` times one after another; resolves with its id and the runs' ids. */
async function jobRunTimes(call: Call, name: string, handler: string, times: number, extra: Record<string, unknown> = {}) {
  const groups = (await call('listGroups')) as { id: number; appName: string }[]
  const embedded = groups.find((group) => group.appName === EMBEDDED_APP_NAME)!.id
  const job = (await call('saveJob', defaultJobInput(embedded, 'UTC', { name, executorHandler: handler, executorParam: 'p', ...extra }))) as { id: number }
  const logIds: number[] = []
  for (let i = 0; i < times; i++) {
    const { logIds: ids } = (await call('triggerJob', { jobId: job.id })) as { logIds: number[] }
    await expect.poll(async () => ((await call('getRun', ids[0])) as { handleCode: number }).handleCode).not.toBe(0)
    logIds.push(ids[0])
  }
  return { jobId: job.id, logIds }
}

/** Moves the open console to `hash` as a link inside it would (no reload: the connection stays). */
const openHash = (page: Page, hash: string) => page.evaluate((to) => (window.location.hash = to), hash)

test("a job's runs over time: a bar per run in its state's colour; a click opens the run; the dashboard ranks the job", async ({ page }) => {
  const { jobId, logIds } = await calls(server(), (call) => jobRunTimes(call, 'E2E timeline job', 'failJobHandler', 3))

  await openConsole(page, server())
  // The dashboard's rankings: the job failed three times of three in the last 24 h.
  const failing = page.getByTestId('ranking-mostFailing')
  await expect(failing.locator(`[data-testid="ranked-job"][data-job-id="${jobId}"]`)).toContainText('E2E timeline job')
  await expect(failing.locator(`[data-testid="ranked-job"][data-job-id="${jobId}"]`)).toContainText('3 of 3 failed')
  await failing.locator(`[data-testid="ranked-job"][data-job-id="${jobId}"]`).getByText('E2E timeline job').click()
  await expect(page).toHaveURL(new RegExp(`#/runs\\?job=${jobId}$`))

  const chart = page.getByTestId('runs-over-time-chart')
  await expect(chart.getByTestId('run-bar')).toHaveCount(3)
  for (const id of logIds) await expect(chart.locator(`[data-run-id="${id}"]`)).toHaveAttribute('data-state', 'failed')
  await chart.locator(`[data-run-id="${logIds[1]}"]`).click()
  await expect(page).toHaveURL(new RegExp(`#/runs/${logIds[1]}\\?job=${jobId}$`))
  await expect(page.getByTestId('run-detail')).toBeVisible()
})

test("a flow's runs over time, and a node's output cut to 4 KiB says the size it was cut from", async ({ page }) => {
  const flowRunId = await calls(server(), async (call) => {
    const { jobId } = await jobRunTimes(call, 'E2E big output job', 'e2eBigOutput', 0)
    const flow = (await call('addFlow', { name: 'E2E big output', description: '', nodes: [{ key: 'echo', jobId, param: '5000' }], edges: [] })) as {
      id: number
    }
    const { flowRunId: id } = (await call('triggerFlow', { flowId: flow.id })) as { flowRunId: number }
    await expect.poll(async () => ((await call('getFlowRun', id)) as { state: string }).state).toBe('success')
    return { flowId: flow.id, id }
  })

  await openConsole(page, server())
  await openHash(page, `#/flows/${flowRunId.flowId}`)
  const bar = page.getByTestId('runs-over-time-chart').locator(`[data-run-id="${flowRunId.id}"]`)
  await expect(bar).toHaveAttribute('data-state', 'success')
  await bar.click()
  await expect(page).toHaveURL(new RegExp(`#/flows/run/${flowRunId.id}$`))
  await expect(async () => {
    await page.locator('[data-testid="flow-run-node"][data-key="echo"]').click({ timeout: 2000 })
    await expect(page.getByTestId('flow-node-panel')).toHaveAttribute('data-key', 'echo', { timeout: 1000 })
  }).toPass({ timeout: 20_000 })
  await expect(page.getByTestId('flow-node-output-cut')).toHaveText(
    'Cut from 4.9 KiB to 4 KiB: only the first 4 KiB are kept, and only those reach later nodes.',
  )
})

test('the Alarms page lists a failed alarm with its channel, and sends it again after a confirm', async ({ page }) => {
  const { jobId, logIds } = await calls(server(), async (call) => {
    // No SMTP server: the alarm's email fails, and the list says so.
    const made = await jobRunTimes(call, 'E2E alarmed job', 'failJobHandler', 1, { alarmEmail: 'ops@example.test', executorFailRetryCount: 0 })
    await expect.poll(async () => ((await call('getRun', made.logIds[0])) as { alarmStatus: number }).alarmStatus).toBe(3)
    return made
  })

  await openConsole(page, server())
  await page.getByTestId('nav-alarms').click()
  await expect(page.getByTestId('page-alarms')).toBeVisible()
  const rows = page.getByTestId('alarm-row').filter({ hasText: 'E2E alarmed job' })
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toHaveAttribute('data-state', 'failed')
  await expect(rows.first().getByTestId('alarm-delivery').filter({ hasText: 'Email' })).toHaveAttribute('data-ok', 'false')
  await expect(rows.first()).toContainText(`#${logIds[0]}`)

  await rows.first().getByTestId('alarm-resend').click()
  await expect(page.getByRole('dialog')).toContainText(`#${logIds[0]}`)
  await page.getByTestId('alarm-resend-confirm').click()
  await expect(rows).toHaveCount(2)
  await expect(rows.first()).toContainText('Sent again by')

  // The state filter keeps the failed ones; the list narrowed to another job shows none of these.
  await page.getByTestId('alarms-state').click()
  await page.getByRole('option', { name: 'Folded' }).click()
  await expect(rows).toHaveCount(0)
  expect(jobId).toBeGreaterThan(0)
})
