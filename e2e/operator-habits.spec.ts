import { expect, test } from '@playwright/test'
import { chooseOption, createJob, goTo, jobRow, openConsole } from './support/console-page'
import { useHeadlessServer } from './support/headless-server'

const server = useHeadlessServer()

test('the Jobs page has an executor-group column and filter, as XXL-JOB’s job list does', async ({ page }) => {
  await openConsole(page, server())
  await goTo(page, 'executors')
  await page.getByTestId('group-new').click()
  await page.getByTestId('group-appName').fill('e2e-reports')
  await page.getByTestId('group-name').fill('E2E reports')
  await page.getByTestId('group-save').click()
  await expect(page.getByTestId('group-editor-form')).toHaveCount(0)
  await goTo(page, 'jobs')
  await createJob(page, { name: 'E2E report job', groupLabel: /e2e-reports/ })

  await expect(jobRow(page, 'E2E report job').getByTestId('job-group')).toHaveText('E2E reports')
  await expect(jobRow(page, 'Demo: hello every 2 seconds').getByTestId('job-group')).toHaveText('Embedded executor')
  await chooseOption(page, page.getByTestId('jobs-filter-group'), 'E2E reports (e2e-reports)')
  await expect(page.getByTestId('job-row')).toHaveCount(1)
  await expect(jobRow(page, 'E2E report job')).toHaveCount(1)
})

test('dark mode keeps the action colours: Delete is red, Start green, Stop orange', async ({ page }) => {
  await openConsole(page, server())
  await page.getByTestId('theme-switch').getByText('Dark', { exact: true }).click()
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark')
  await goTo(page, 'jobs')
  const rgb = async (testId: string) => {
    // The node tsconfig has no DOM types: getComputedStyle typed by hand.
    const colour = await page
      .getByTestId(testId)
      .first()
      .evaluate((el) => (globalThis as unknown as { getComputedStyle(e: unknown): { color: string } }).getComputedStyle(el).color)
    return (/rgba?\((\d+), (\d+), (\d+)/.exec(colour) ?? []).slice(1).map(Number)
  }
  const [r, g, b] = await rgb('job-delete')
  expect(r).toBeGreaterThan(g + 60)
  expect(r).toBeGreaterThan(b + 60)
  const [sr, sg, sb] = await rgb('job-stop')
  expect(sr).toBeGreaterThan(sb + 60)
  expect(sg).toBeGreaterThan(sb)
})

test('the embedded executor says what it is instead of “protocol not detected yet”', async ({ page }) => {
  await openConsole(page, server())
  await goTo(page, 'executors')
  const embedded = page.locator('[data-testid="executor-group"][data-app-name="jobdesk-embedded"]')
  await expect(embedded.getByTestId('group-generation')).toHaveText(/in-process/i)
  await expect(embedded.getByTestId('group-generation')).not.toHaveText(/not detected/i)
})

test('headless Settings show the console token and no desktop-notification switch', async ({ page }) => {
  await openConsole(page, server())
  await goTo(page, 'settings')
  await expect(page.getByTestId('settings-desktop')).toHaveCount(0)
  await expect(page.getByTestId('settings-desktop-headless')).toBeVisible()
  const token = page.getByTestId('settings-console-token')
  await expect(token).toBeVisible()
  await page.getByTestId('settings-console-token-show').click()
  await expect(token).toHaveValue(server().token)
  await expect(page.getByTestId('settings-console-url')).toContainText(`#token=${server().token}`)
})
