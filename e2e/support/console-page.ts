import { expect, type Locator, type Page } from '@playwright/test'
import type { HeadlessServer } from './headless-process'

/** Opens the console with the token and waits until the bridge is connected. */
export async function openConsole(page: Page, server: HeadlessServer): Promise<void> {
  await page.goto(server.url)
  await expect(page.getByTestId('connection-status')).toHaveAttribute('data-state', 'online')
}

export async function goTo(page: Page, nav: 'dashboard' | 'jobs' | 'runs' | 'executors'): Promise<void> {
  await page.getByTestId(`nav-${nav}`).click()
  await expect(page.getByTestId(`page-${nav}`)).toBeVisible()
}

export function jobRow(page: Page, name: string): Locator {
  return page.getByTestId('job-row').filter({ has: page.getByTestId('job-name').getByText(name, { exact: true }) })
}

/** Picks an option of a Mantine Select by its visible label. */
export async function chooseOption(page: Page, select: Locator, label: string): Promise<void> {
  await select.click()
  await page.getByRole('option', { name: label, exact: true }).click()
}
