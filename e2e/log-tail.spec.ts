import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { chooseWireOption, goTo, jobRow, openConsole } from './support/console-page'
import { useHeadlessServer } from './support/headless-server'

// Script jobs run on the JobDesk host only when the operator turns them on.
const server = useHeadlessServer({ extraArgs: ['--enable-scripts'] })

const TICKS = 15
const BEFORE_GATE = 5

/**
 * A log that grows while the run is open, on the test's signal rather than on a timer: five lines,
 * then the script waits (at most 60 s) for the gate file the test writes once it has seen them,
 * then ten more lines 0.1 s apart.
 */
function tickingScript(gate: string): string {
  return [
    '#!/bin/bash',
    `for i in $(seq 1 ${BEFORE_GATE}); do echo "tick $i of ${TICKS}"; done`,
    `for w in $(seq 1 600); do [ -e '${gate}' ] && break; sleep 0.1; done`,
    `for i in $(seq ${BEFORE_GATE + 1} ${TICKS}); do echo "tick $i of ${TICKS}"; sleep 0.1; done`,
    '',
  ].join('\n')
}

test('a running job’s log tail shows new lines as they are written, without a reload', async ({ page }) => {
  const gateDir = mkdtempSync(join(tmpdir(), 'jobdesk-e2e-gate-'))
  const gate = join(gateDir, 'open')
  try {
    await openConsole(page, server())
    // A reload would drop this mark (in-app navigation only changes the address fragment).
    await page.evaluate(() => Object.assign(globalThis, { e2eNoReloadMark: true }))
    await goTo(page, 'jobs')
    await page.getByTestId('job-new').click()
    const editor = page.getByTestId('job-editor-form')
    await editor.getByTestId('field-name').fill('E2E ticking shell')
    await editor.getByTestId('field-scheduleType').getByText('NONE', { exact: true }).click()
    await chooseWireOption(page, editor.getByTestId('field-glueType'), 'GLUE_SHELL')
    await editor.getByTestId('field-glueSource').fill(tickingScript(gate))
    await editor.getByTestId('editor-save').click()
    await expect(page.getByTestId('job-editor-form')).toHaveCount(0)

    await jobRow(page, 'E2E ticking shell').getByTestId('job-trigger').click()
    await page.getByRole('dialog').getByTestId('trigger-submit').click()
    await page.getByRole('dialog').getByTestId('trigger-run-link').click()

    const log = page.getByTestId('run-detail').getByTestId('log-tail')
    const tick = (n: number) => log.getByTestId('log-row').filter({ hasText: `tick ${n} of ${TICKS}` })
    // The first lines are shown while the run waits for the gate: the later ones cannot exist yet…
    await expect(tick(BEFORE_GATE)).toHaveCount(1)
    await expect(page.getByTestId('run-detail')).toHaveAttribute('data-status', 'running')
    expect(await tick(BEFORE_GATE + 1).count()).toBe(0)
    await expect(log.getByTestId('log-state')).toHaveAttribute('data-end', 'false')
    // …and once it opens they arrive in the same page.
    writeFileSync(gate, '')
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
  } finally {
    rmSync(gateDir, { recursive: true, force: true })
  }
})

test('a 100,000-line log is virtualised: it opens, searches and jumps to its end with few rows in the DOM', async ({ page }) => {
  const LINES = 100_000
  await openConsole(page, server())
  await goTo(page, 'jobs')
  await page.getByTestId('job-new').click()
  const editor = page.getByTestId('job-editor-form')
  await editor.getByTestId('field-name').fill('E2E big log')
  await editor.getByTestId('field-scheduleType').getByText('NONE', { exact: true }).click()
  await chooseWireOption(page, editor.getByTestId('field-glueType'), 'GLUE_SHELL')
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
