import { expect, test } from '@playwright/test'
import { goTo, jobRow, openConsole } from './support/console-page'
import { useHeadlessServer } from './support/headless-server'

const server = useHeadlessServer()

test('a first start teaches without alarming: the failing demo runs only by hand, the dashboard says what is happening now', async ({ page }) => {
  await openConsole(page, server())
  await goTo(page, 'dashboard')
  // Live figures before the first daily report: the last hour and the next fires.
  await expect(page.getByTestId('last-hour')).toBeVisible()
  await expect.poll(async () => Number(await page.getByTestId('last-hour-success').getAttribute('data-count'))).toBeGreaterThan(0)
  const nextFires = page.getByTestId('next-fire')
  await expect(nextFires.first()).toBeVisible()
  await expect(nextFires.filter({ hasText: 'Demo: hello every 2 seconds' })).toHaveCount(1)
  await expect(page.getByTestId('next-fire').filter({ hasText: 'fails' })).toHaveCount(0)
  await expect(page.getByTestId('recent-failure')).toHaveCount(0)

  await goTo(page, 'jobs')
  const failing = jobRow(page, 'Demo: a job that fails (run it by hand)')
  await expect(failing).toContainText('Manual / child only')
  await expect(failing.getByTestId('job-status')).toHaveText('Stopped')
  await expect(failing.getByTestId('job-start')).toBeDisabled()
})

test('opened straight on the Jobs page, the console names the demo jobs there too', async ({ page }) => {
  await openConsole(page, server())
  // The tab keeps its token: reloaded at the Jobs page's address, the console opens there and the dashboard never shows.
  await page.goto(`${server().origin}/#/jobs`)
  await page.reload()
  await expect(page.getByTestId('page-jobs')).toBeVisible()
  await expect(page.getByTestId('page-dashboard')).toHaveCount(0)
  await expect(page.getByTestId('demo-banner')).toContainText('3')
})

test('a banner offers to remove the demo jobs, and removing them leaves an empty, quiet console', async ({ page }) => {
  await openConsole(page, server())
  await goTo(page, 'dashboard')
  const banner = page.getByTestId('demo-banner')
  await expect(banner).toContainText('3')
  await banner.getByTestId('demo-remove').click()
  await page.getByTestId('demo-remove-confirm').click()
  await expect(page.getByTestId('demo-banner')).toHaveCount(0)
  await goTo(page, 'jobs')
  await expect(page.getByTestId('job-row')).toHaveCount(0)
  await expect(page.getByTestId('jobs-empty')).toBeVisible()
  await goTo(page, 'dashboard')
  await expect(page.getByTestId('stat-jobs')).toHaveText('0')
  await expect(page.getByTestId('next-fires-none')).toBeVisible()
})
