import { expect, test } from '@playwright/test'
import { createJob, goTo, jobRow, openConsole } from './support/console-page'
import { useHeadlessServer } from './support/headless-server'

const server = useHeadlessServer()

test('a trigger the executor refuses is shown as refused with its reason, in the dialog and in the toast', async ({ page }) => {
  await openConsole(page, server())
  await goTo(page, 'jobs')
  await createJob(page, { name: 'E2E unknown handler', handler: 'noSuchHandler' })
  await jobRow(page, 'E2E unknown handler').getByTestId('job-trigger').click()
  const dialog = page.getByRole('dialog')
  await dialog.getByTestId('trigger-submit').click()

  const outcome = dialog.getByTestId('trigger-outcome')
  await expect(outcome).toHaveAttribute('data-state', 'refused')
  await expect(outcome).not.toContainText('Started')
  await expect(outcome.getByTestId('trigger-outcome-reason')).toContainText('noSuchHandler')
  // The whole trail is there to read, not clipped to two lines.
  await outcome.getByTestId('trigger-outcome-trail-toggle').click()
  await expect(outcome.getByTestId('trigger-outcome-trail')).toContainText('Route strategy: FIRST')
  await expect(outcome.getByTestId('trigger-outcome-trail')).toContainText('refused (code 500)')

  // The failure alarm's toast carries the reason too.
  const toast = page.locator('.mantine-Notification-root').filter({ hasText: 'E2E unknown handler' })
  await expect(toast).toContainText('noSuchHandler')
})

test('a trigger sent to a dead address is refused with the connection error; an accepted one says accepted', async ({ page }) => {
  await openConsole(page, server())
  await goTo(page, 'jobs')
  await createJob(page, { name: 'E2E dead address' })
  await jobRow(page, 'E2E dead address').getByTestId('job-trigger').click()
  const dialog = page.getByRole('dialog')
  // Nothing listens on the loopback's discard port.
  await dialog.getByTestId('trigger-addresses').fill('http://127.0.0.1:9/')
  await dialog.getByTestId('trigger-addresses').press('Enter')
  await dialog.getByTestId('trigger-submit').click()
  const outcome = dialog.getByTestId('trigger-outcome')
  await expect(outcome).toHaveAttribute('data-state', 'refused')
  await expect(outcome.getByTestId('trigger-outcome-reason')).toContainText('ECONNREFUSED')
  await page.keyboard.press('Escape')

  await jobRow(page, 'E2E dead address').getByTestId('job-trigger').click()
  await page.getByRole('dialog').getByTestId('trigger-submit').click()
  const accepted = page.getByRole('dialog').getByTestId('trigger-outcome')
  await expect(accepted).toHaveAttribute('data-state', 'accepted')
  await expect(accepted).toContainText('jobdesk://embedded/')
})
