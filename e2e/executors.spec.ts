import { expect, test } from '@playwright/test'
import { goTo, openConsole } from './support/console-page'
import { useHeadlessServer } from './support/headless-server'

const server = useHeadlessServer()

test('the executors page shows the embedded executor online, probes it, and saves a manual group', async ({ page }) => {
  await openConsole(page, server())
  await goTo(page, 'executors')

  const embedded = page.locator('[data-testid="executor-group"][data-app-name="jobdesk-embedded"]')
  const address = embedded.getByTestId('executor-address').first()
  await expect(address.getByTestId('address-health')).toHaveAttribute('data-health', 'online')
  await address.getByTestId('probe').click()
  await expect(address.getByTestId('probe-result')).toHaveAttribute('data-code', '200')
  // The embedded executor takes no token (it runs in this process): a probe of it has nothing to warn about.
  await expect(address.getByTestId('probe-tokenless')).toHaveCount(0)
  // Idle beat for one job: the failing demo job runs only when triggered (schedule NONE) and nothing
  // on this fresh server triggered it, so the executor is free for it (200, where busy is 500).
  await address.getByTestId('probe-idle').click()
  await page.getByTestId('probe-idle-job').click()
  await page.getByRole('option', { name: /Demo: a job that fails/ }).click()
  await page.getByTestId('probe-idle-send').click()
  await expect(address.getByTestId('probe-result')).toHaveAttribute('data-kind', 'idleBeat')
  await expect(address.getByTestId('probe-result')).toHaveAttribute('data-code', '200')
  await expect(embedded.getByTestId('group-generation')).toBeVisible()
  await expect(embedded.getByTestId('group-token')).toHaveAttribute('data-own', 'false')

  await page.getByTestId('group-new').click()
  const form = page.getByTestId('group-editor-form')
  await form.getByTestId('group-appName').fill('e2e-lan-app')
  await form.getByTestId('group-name').fill('E2E LAN app')
  await form.getByTestId('group-addressType').getByText('Manual addresses').click()
  await form.getByTestId('group-addressList').fill('not a url')
  await form.getByTestId('group-save').click()
  // The core refuses it and names the field; the message lands under it.
  await expect(form.getByText(/Addresses: /)).toBeVisible()

  await form.getByTestId('group-addressList').fill('http://127.0.0.1:9/')
  await form.getByTestId('group-save').click()
  await expect(page.getByTestId('group-editor-form')).toHaveCount(0)
  const manual = page.locator('[data-testid="executor-group"][data-app-name="e2e-lan-app"]')
  await expect(manual.getByTestId('executor-address')).toHaveAttribute('data-address', 'http://127.0.0.1:9/')
  await expect(manual.getByTestId('address-health')).toHaveAttribute('data-health', 'unknown')
})
