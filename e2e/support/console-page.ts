import { expect, type Locator, type Page } from '@playwright/test'
import type { HeadlessServer } from '../../test/support/headless-process'

/** Opens the console with the token and waits until the bridge is connected. */
export async function openConsole(page: Page, server: HeadlessServer): Promise<void> {
  await page.goto(server.url)
  await expect(page.getByTestId('connection-status')).toHaveAttribute('data-state', 'online')
}

export type NavPage = 'dashboard' | 'jobs' | 'dag' | 'flows' | 'runs' | 'queue' | 'executors' | 'cluster' | 'calendars' | 'settings' | 'secrets'

export async function goTo(page: Page, nav: NavPage): Promise<void> {
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

/** Picks an enum option (listed as its name over its wire name) by the wire name, in any UI language. */
export async function chooseWireOption(page: Page, select: Locator, wire: string): Promise<void> {
  await select.click()
  await page
    .getByRole('option')
    .filter({ has: page.locator(`[data-wire="${wire}"]`) })
    .click()
}

export interface NewJob {
  name: string
  /** BEAN handler (default demoJobHandler) unless a script is given. */
  handler?: string
  /** A GLUE_SHELL script instead of a BEAN handler. */
  shell?: string
  /** Label of the executor group option to pick (default: the embedded executor). */
  groupLabel?: RegExp
  param?: string
}

/** Creates a job with schedule NONE through the job editor (on the Jobs page) and waits until it is listed. */
export async function createJob(page: Page, job: NewJob): Promise<void> {
  await page.getByTestId('job-new').click()
  const editor = page.getByTestId('job-editor-form')
  await editor.getByTestId('field-name').fill(job.name)
  await editor.getByTestId('field-scheduleType').getByText('NONE', { exact: true }).click()
  if (job.groupLabel) {
    await editor.getByTestId('field-jobGroup').click()
    await page.getByRole('option', { name: job.groupLabel }).click()
  }
  if (job.shell !== undefined) {
    await chooseWireOption(page, editor.getByTestId('field-glueType'), 'GLUE_SHELL')
    await editor.getByTestId('field-glueSource').fill(job.shell)
  } else {
    await editor.getByTestId('field-executorHandler').fill(job.handler ?? 'demoJobHandler')
  }
  if (job.param !== undefined) await editor.getByTestId('field-executorParam').fill(job.param)
  await editor.getByTestId('editor-save').click()
  await expect(page.getByTestId('job-editor-form')).toHaveCount(0)
  await expect(jobRow(page, job.name)).toHaveCount(1)
}

/** A job's id from its row in the Jobs table. */
export async function jobIdOf(page: Page, name: string): Promise<number> {
  return Number(await jobRow(page, name).getAttribute('data-job-id'))
}
