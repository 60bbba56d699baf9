import { expect, test } from '@playwright/test'
import { connectBridge } from '../bench/b7-bridge-client'
import { defaultJobInput } from '../src/shared/job-defaults'
import type { JobGroup, JobInfo } from '../src/shared/model'
import { EMBEDDED_APP_NAME } from '../src/shared/model'
import { goTo, jobRow, openConsole } from './support/console-page'
import { useHeadlessServer } from './support/headless-server'

const server = useHeadlessServer({ extraArgs: ['--no-demo'] })
const JOBS = 230

/** The API as the test's own client (another operator, a script): what it does reaches the page as events. */
async function api<T>(work: (call: (method: string, ...args: unknown[]) => Promise<any>) => Promise<T>): Promise<T> {
  const bridge = await connectBridge(server().origin, server().token)
  try {
    return await work((method, ...args) => bridge.call(method as never, ...args))
  } finally {
    bridge.close()
  }
}

test('the Jobs list reads a page at a time as it scrolls, sorts on the server, and takes in jobs saved and deleted elsewhere', async ({ page }, testInfo) => {
  const groupId = await api(async (call) => {
    const groups = (await call('listGroups')) as JobGroup[]
    const group = groups.find((g) => g.appName === EMBEDDED_APP_NAME)!
    for (let i = 0; i < JOBS; i++) {
      await call(
        'saveJob',
        defaultJobInput(group.id, 'UTC', { name: `paged job ${String(i).padStart(3, '0')}`, author: 'e2e', executorHandler: 'demoJobHandler' }),
      )
    }
    return group.id
  })
  await openConsole(page, server())
  await goTo(page, 'jobs')
  await expect(page.getByTestId('jobs-count')).toHaveText(`${JOBS} jobs`)
  await expect(page.getByTestId('jobs-more'), 'only the first page is loaded').toContainText(`100 of ${JOBS}`)

  // Scrolling to the end reads the next pages until the last job is there.
  const table = page.getByTestId('jobs-table')
  await expect(async () => {
    await table.evaluate((element) => (element.scrollTop = element.scrollHeight))
    await expect(jobRow(page, `paged job ${JOBS - 1}`)).toBeVisible({ timeout: 1_000 })
  }).toPass()
  await expect(page.getByTestId('jobs-more')).toHaveCount(0)

  // Sorting by name, descending: the server orders, the first row is the last name.
  await page.getByTestId('jobs-sort-name').click()
  await page.getByTestId('jobs-sort-name').click()
  await expect(page.getByTestId('jobs-sort-name')).toHaveAttribute('aria-sort', 'descending')
  await expect(page.getByTestId('job-name').first()).toHaveText(`paged job ${JOBS - 1}`)

  // Saved by someone else: it takes its place in the sorted list; deleted: it leaves, without a reload.
  const created = await api((call) =>
    call('saveJob', defaultJobInput(groupId, 'UTC', { name: 'paged job zzz', author: 'e2e', executorHandler: 'demoJobHandler' })),
  )
  await expect(page.getByTestId('job-name').first()).toHaveText('paged job zzz')
  await expect(page.getByTestId('jobs-count')).toHaveText(`${JOBS + 1} jobs`)
  await api((call) => call('deleteJob', (created as JobInfo).id))
  await expect(jobRow(page, 'paged job zzz')).toHaveCount(0)
  await expect(page.getByTestId('jobs-count')).toHaveText(`${JOBS} jobs`)

  // A search finds a job by its id too.
  await page.getByTestId('jobs-search').fill('paged job 123')
  await expect(page.getByTestId('job-row')).toHaveCount(1)
  await testInfo.attach('jobs searched', { body: await page.screenshot(), contentType: 'image/png' })
})

test("a 2-second job's next fire moves on while the operator watches, without a reload", async ({ page }) => {
  const job = await api(async (call) => {
    const groups = (await call('listGroups')) as JobGroup[]
    const group = groups.find((g) => g.appName === EMBEDDED_APP_NAME)!
    const saved = (await call(
      'saveJob',
      defaultJobInput(group.id, 'UTC', {
        name: 'every two seconds',
        author: 'e2e',
        executorHandler: 'demoJobHandler',
        scheduleType: 'FIX_RATE',
        scheduleConf: '2',
      }),
    )) as JobInfo
    return (await call('startJob', saved.id)) as JobInfo
  })
  await openConsole(page, server())
  await goTo(page, 'jobs')
  await page.getByTestId('jobs-search').fill(job.name)
  const nextFire = jobRow(page, job.name).getByTestId('job-next-fire')
  await expect(nextFire).not.toHaveText('')
  const first = await nextFire.textContent()
  // The shown time is re-read once it has gone by: it changes twice, so it keeps moving.
  await expect(nextFire).not.toHaveText(first ?? '')
  const second = await nextFire.textContent()
  await expect(nextFire).not.toHaveText(second ?? '')
})
