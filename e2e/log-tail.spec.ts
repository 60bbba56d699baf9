import { expect, test } from '@playwright/test'
import { chooseOption, goTo, jobRow, openConsole } from './support/console-page'
import { useHeadlessServer } from './support/headless-server'

// Script jobs run on the JobDesk host only when the operator turns them on.
const server = useHeadlessServer({ extraArgs: ['--enable-scripts'] })

const TICKS = 15
/** A line every 200 ms for about 3 s: a log that grows while the run is open. */
const SCRIPT = `#!/bin/bash\nfor i in $(seq 1 ${TICKS}); do echo "tick $i of ${TICKS}"; sleep 0.2; done\n`

test('a running job’s log tail shows new lines as they are written, without a reload', async ({ page }) => {
  await openConsole(page, server())
  // A reload would drop this mark (in-app navigation only changes the address fragment).
  await page.evaluate(() => Object.assign(globalThis, { e2eNoReloadMark: true }))
  await goTo(page, 'jobs')
  await page.getByTestId('job-new').click()
  const editor = page.getByTestId('job-editor-form')
  await editor.getByTestId('field-name').fill('E2E ticking shell')
  await editor.getByTestId('field-scheduleType').getByText('NONE', { exact: true }).click()
  await chooseOption(page, editor.getByTestId('field-glueType'), 'GLUE_SHELL')
  await editor.getByTestId('field-glueSource').fill(SCRIPT)
  await editor.getByTestId('editor-save').click()
  await expect(page.getByTestId('job-editor-form')).toHaveCount(0)

  await jobRow(page, 'E2E ticking shell').getByTestId('job-trigger').click()
  await page.getByRole('dialog').getByTestId('trigger-submit').click()
  await page.getByRole('dialog').getByTestId('trigger-run-link').click()

  const log = page.getByTestId('run-detail').getByTestId('log-tail')
  const tick = (n: number) => log.getByTestId('log-row').filter({ hasText: `tick ${n} of ${TICKS}` })
  // Early lines are shown while later ones are not written yet…
  await expect(tick(1)).toHaveCount(1)
  expect(await tick(TICKS).count()).toBe(0)
  await expect(page.getByTestId('run-detail')).toHaveAttribute('data-status', 'running')
  // …and the later ones arrive in the same page.
  await expect(tick(TICKS)).toHaveCount(1)
  await expect(page.getByTestId('run-detail')).toHaveAttribute('data-status', 'success')
  await expect(log.getByTestId('log-state')).toHaveAttribute('data-end', 'true')
  expect(await page.evaluate(() => (globalThis as { e2eNoReloadMark?: boolean }).e2eNoReloadMark)).toBe(true)

  // Search highlights and steps through matches.
  await log.getByTestId('log-search').fill('tick 1')
  await expect(log.getByTestId('log-match-count')).toContainText('/ 7')
  await log.getByTestId('log-next').click()
  await expect(log.getByTestId('log-match-count')).toHaveText('1 / 7')
  await expect(log.locator('mark').first()).toHaveText('tick 1')
})

test('a 100,000-line log is virtualised: it opens, searches and jumps to its end with few rows in the DOM', async ({ page }) => {
  const LINES = 100_000
  await openConsole(page, server())
  await goTo(page, 'jobs')
  await page.getByTestId('job-new').click()
  const editor = page.getByTestId('job-editor-form')
  await editor.getByTestId('field-name').fill('E2E big log')
  await editor.getByTestId('field-scheduleType').getByText('NONE', { exact: true }).click()
  await chooseOption(page, editor.getByTestId('field-glueType'), 'GLUE_SHELL')
  await editor.getByTestId('field-glueSource').fill(`#!/bin/bash\nseq -f "big log line %.0f" 1 ${LINES}\n`)
  await editor.getByTestId('editor-save').click()
  await expect(page.getByTestId('job-editor-form')).toHaveCount(0)

  await jobRow(page, 'E2E big log').getByTestId('job-trigger').click()
  await page.getByRole('dialog').getByTestId('trigger-submit').click()
  await page.getByRole('dialog').getByTestId('trigger-run-link').click()
  const detail = page.getByTestId('run-detail')
  await expect(detail).toHaveAttribute('data-status', 'success', { timeout: 60_000 })
  const log = detail.getByTestId('log-tail')
  await expect(log.getByTestId('log-row').filter({ hasText: `big log line ${LINES}` })).toHaveCount(1, { timeout: 60_000 })
  expect(await log.getByTestId('log-row').count()).toBeLessThan(200)

  await log.getByTestId('log-search').fill('big log line 77777')
  await log.getByTestId('log-search').press('Enter')
  await expect(log.getByTestId('log-match-count')).toHaveText('1 / 1')
  await expect(log.locator('[data-current="true"]')).toContainText('big log line 77777')
  await expect(log.getByTestId('log-follow')).toHaveAttribute('data-following', 'false')

  await log.getByTestId('log-end').click()
  await expect(log.getByTestId('log-row').filter({ hasText: `big log line ${LINES}` })).toBeVisible()
  await expect(log.getByTestId('log-follow')).toHaveAttribute('data-following', 'true')
})
