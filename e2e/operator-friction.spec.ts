import { expect, test, type Page, type TestInfo } from '@playwright/test'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defaultJobInput } from '../src/shared/job-defaults'
import { bridgeCalls, signInCookie, signInPage } from './support/admin-session'
import { chooseOption, goTo, jobRow } from './support/console-page'
import { dagNode, dragLink, fitDag } from './support/dag-page'
import { useHeadlessServer } from './support/headless-server'

/**
 * Issue 23, round 3: what a new operator hit, as they see it — the Run-once preview of a typed
 * address, a kill and a retried failure on the dashboard, the job form's order, a job's recent runs
 * under the cursor, a cycle refused before the link dialog, a deletion naming its links, and the
 * Cluster page of an operator.
 */
const ADMIN_PASSWORD = 'e2e-admin-password'
const passwordFile = join(mkdtempSync(join(tmpdir(), 'jobdesk-e2e-pw-')), 'admin-password')
writeFileSync(passwordFile, `${ADMIN_PASSWORD}\n`)
const server = useHeadlessServer({ extraArgs: ['--admin-password-file', passwordFile] })

const SLEEPER = 'E2E sleeps until killed'
const RETRIED = 'E2E fails with two retries'
const TYPED = 'E2E typed address'
const CHAIN = ['E2E chain parent', 'E2E chain middle', 'E2E chain leaf']
/** Nothing listens on the loopback's discard port. */
const DEAD_ADDRESS = 'http://127.0.0.1:9/'
let chainIds: number[] = []
let everyTwoSecondsId = 0

test.beforeAll(async () => {
  const cookie = await signInCookie(server().origin, 'admin', ADMIN_PASSWORD)
  await bridgeCalls(server().origin, cookie, async (call) => {
    const groups = (await call('listGroups')) as { id: number; appName: string }[]
    const embedded = groups.find((group) => group.appName === 'jobdesk-embedded')!.id
    const job = (overrides: Record<string, unknown>) => call('saveJob', defaultJobInput(embedded, 'UTC', overrides)) as Promise<{ id: number }>
    await job({ name: SLEEPER, executorHandler: 'sleepJobHandler', executorParam: '60000' })
    await job({ name: RETRIED, executorHandler: 'failJobHandler', executorParam: 'fails every time', executorFailRetryCount: 2 })
    await job({ name: TYPED, executorHandler: 'demoJobHandler' })
    chainIds = []
    for (const name of CHAIN) chainIds.push((await job({ name, executorHandler: 'demoJobHandler' })).id)
    await call('saveLink', { parentJobId: chainIds[0], childJobId: chainIds[1], condition: 'SUCCESS' })
    await call('saveLink', { parentJobId: chainIds[1], childJobId: chainIds[2], condition: 'FAILURE' })
    everyTwoSecondsId = ((await call('listJobs')) as { id: number; name: string }[]).find((j) => j.name === 'Demo: hello every 2 seconds')!.id
    await call('saveUser', { name: 'op-friction', role: 'operator', groupIds: [embedded], password: 'op-friction-first-pass' })
  })
})

async function asAdmin(page: Page): Promise<void> {
  await signInPage(page, server().origin, 'admin', ADMIN_PASSWORD)
}

async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  // Transitions finished: a dialog still fading in would be caught half transparent.
  await testInfo.attach(name, { body: await page.screenshot({ animations: 'disabled' }), contentType: 'image/png' })
}

test('Run once counts an address typed without Enter: the preview shows it, and Run goes there', async ({ page }, testInfo) => {
  await asAdmin(page)
  await goTo(page, 'jobs')
  await jobRow(page, TYPED).getByTestId('job-trigger').click()
  const dialog = page.getByRole('dialog')
  // Before anything is typed, the route strategy picks the embedded executor.
  await expect(dialog.getByTestId('route-preview')).toContainText('jobdesk://embedded/')
  await dialog.getByTestId('trigger-addresses').fill(DEAD_ADDRESS)
  await expect(dialog.getByText('An address counts as soon as it is typed, Enter or not')).toBeVisible()
  await expect(dialog.getByTestId('route-preview')).toContainText(DEAD_ADDRESS)
  await expect(dialog.getByTestId('route-preview')).not.toContainText('jobdesk://embedded/')
  await shot(page, testInfo, 'typed-address-preview')
  await dialog.getByTestId('trigger-submit').click()
  const outcome = dialog.getByTestId('trigger-outcome')
  await expect(outcome).toHaveAttribute('data-state', 'refused')
  await expect(outcome.getByTestId('trigger-outcome-reason')).toContainText('ECONNREFUSED')
})

test('a killed run is Killed everywhere: its badge, its notice, and the dashboard, which does not count it as failed', async ({ page }, testInfo) => {
  await asAdmin(page)
  await goTo(page, 'jobs')
  await jobRow(page, SLEEPER).getByTestId('job-trigger').click()
  await page.getByRole('dialog').getByTestId('trigger-submit').click()
  await page.getByRole('dialog').getByTestId('trigger-run-link').click()
  const detail = page.getByTestId('run-detail')
  await expect(detail).toHaveAttribute('data-status', 'running')
  const runId = await detail.getAttribute('data-run-id')
  await page.getByTestId('run-kill').click()
  await page.getByTestId('run-kill-confirm').click()
  await expect(detail).toHaveAttribute('data-outcome', 'killed')
  await expect(detail.getByTestId('run-status').first()).toHaveText('Killed')

  // The alarm still fires (XXL-JOB records a kill as a failure), but its notice says killed.
  const notice = page.locator('.mantine-Notification-root').filter({ hasText: SLEEPER })
  await expect(notice).toContainText(`Run ${runId} of “${SLEEPER}” was killed`, { timeout: 30_000 })
  await expect(notice).not.toContainText('failed')

  await goTo(page, 'dashboard')
  await expect(page.getByTestId('stat-failed-note')).toHaveText('+ 1 killed, not counted')
  await expect(page.getByTestId('last-hour-killed')).toHaveAttribute('data-count', '1')
  await expect(page.locator(`[data-testid="recent-failure"][data-first-id="${runId}"]`)).toHaveCount(0)
  await page.setViewportSize({ width: 1280, height: 720 })
  await shot(page, testInfo, 'dashboard-killed-apart-1280x720')
  // The Jobs table's last run says Killed too.
  await goTo(page, 'jobs')
  await expect(jobRow(page, SLEEPER).getByTestId('run-status')).toHaveText('Killed')
})

test('a failure retried twice is one entry on the dashboard: failed after 3 attempts', async ({ page }, testInfo) => {
  test.setTimeout(120_000)
  await asAdmin(page)
  await goTo(page, 'jobs')
  await jobRow(page, RETRIED).getByTestId('job-trigger').click()
  await page.getByRole('dialog').getByTestId('trigger-submit').click()
  await expect(page.getByRole('dialog').getByTestId('trigger-outcome')).toHaveAttribute('data-state', /accepted|success|failed/)
  await page.keyboard.press('Escape')
  await goTo(page, 'dashboard')
  const entries = page.getByTestId('recent-failure').filter({ hasText: RETRIED })
  // The fail monitor retries on its pass (every 10 s), so the third attempt comes within half a minute.
  await expect(entries.first()).toHaveAttribute('data-attempts', '3', { timeout: 60_000 })
  await expect(entries).toHaveCount(1)
  await expect(entries.getByTestId('recent-failure-attempts')).toHaveText('Failed after 3 attempts')
  await shot(page, testInfo, 'dashboard-retried-failure')
  // The same entry in Chinese, at the smallest window an operator uses.
  await page.setViewportSize({ width: 1280, height: 720 })
  await chooseOption(page, page.getByTestId('language-switch'), '简体中文')
  await expect(entries.getByTestId('recent-failure-attempts')).toHaveText('尝试 3 次后失败')
  await shot(page, testInfo, 'dashboard-retried-failure-zh-1280x720')
  // Back to English for the tests that follow (the choice may be kept for the next page too).
  await chooseOption(page, page.getByTestId('language-switch'), 'English')
})

test('the job form asks the GLUE type at the top, and a script job has no handler field', async ({ page }, testInfo) => {
  await asAdmin(page)
  await goTo(page, 'jobs')
  await page.getByTestId('job-new').click()
  const editor = page.getByTestId('job-editor-form')
  const glueType = editor.getByTestId('field-glueType')
  const schedule = editor.getByTestId('field-scheduleType')
  expect((await glueType.boundingBox())!.y).toBeLessThan((await schedule.boundingBox())!.y)
  await expect(editor.getByTestId('field-executorHandler')).toBeVisible()
  await glueType.click()
  await page
    .getByRole('option')
    .filter({ has: page.locator('[data-wire="GLUE_SHELL"]') })
    .click()
  await expect(editor.getByTestId('field-executorHandler')).toHaveCount(0)
  await expect(editor.getByTestId('field-glueSource')).toBeVisible()
  await shot(page, testInfo, 'job-form-script')
  await glueType.click()
  await page
    .getByRole('option')
    .filter({ has: page.locator('[data-wire="BEAN"]') })
    .click()
  await expect(editor.getByTestId('field-executorHandler')).toBeVisible()
})

test('deleting a job names the links that go with it', async ({ page }, testInfo) => {
  await asAdmin(page)
  await goTo(page, 'jobs')
  await jobRow(page, CHAIN[1]).getByTestId('job-delete').click()
  const dialog = page.getByTestId('delete-dialog')
  await expect(dialog.getByTestId('delete-links')).toContainText('Its 2 links go with it')
  await expect(dialog.getByTestId('delete-link')).toHaveText([
    `from parent #${chainIds[0]} ${CHAIN[0]} (On success): that job no longer fires this one`,
    `to child #${chainIds[2]} ${CHAIN[2]} (On failure): this chain stops here`,
  ])
  await shot(page, testInfo, 'delete-names-links')
  await page.keyboard.press('Escape')
  await expect(jobRow(page, CHAIN[1])).toHaveCount(1)
})

test('a link that would close a cycle is refused as it is dropped, before its kind is asked', async ({ page }, testInfo) => {
  await asAdmin(page)
  await goTo(page, 'dag')
  await fitDag(page)
  await dragLink(page, chainIds[2], chainIds[0])
  const refusal = page.getByTestId('dag-refusal')
  await expect(refusal.getByTestId('dag-cycle-path')).toContainText(
    `#${chainIds[0]} ${CHAIN[0]} → #${chainIds[1]} ${CHAIN[1]} → #${chainIds[2]} ${CHAIN[2]} → #${chainIds[0]}`,
  )
  await expect(refusal.getByTestId('dag-cycle-early')).toBeVisible()
  await expect(page.getByTestId('link-save')).toHaveCount(0)
  await shot(page, testInfo, 'dag-cycle-refused-early')
})

test("a job's recent runs hold still under the cursor and count the newer ones", async ({ page }, testInfo) => {
  await asAdmin(page)
  await goTo(page, 'dag')
  await fitDag(page)
  await dagNode(page, everyTwoSecondsId).click()
  const runs = page.getByTestId('dag-panel-runs')
  await expect(runs.getByTestId('dag-panel-run').first()).toBeVisible()
  await runs.getByTestId('dag-panel-run').first().hover()
  await expect(runs).toHaveAttribute('data-held', 'true')
  const heldFirst = await runs.getByTestId('dag-panel-run').first().getAttribute('data-run-id')
  // The demo job fires every 2 s: a newer run is counted below, the row under the cursor stays.
  await expect(runs.getByTestId('dag-panel-newer')).toBeVisible({ timeout: 15_000 })
  await expect(runs.getByTestId('dag-panel-run').first()).toHaveAttribute('data-run-id', heldFirst!)
  await shot(page, testInfo, 'recent-runs-held')
  await runs.getByTestId('dag-panel-newer').click()
  await expect(runs.getByTestId('dag-panel-run').first()).not.toHaveAttribute('data-run-id', heldFirst!)
})

test("an operator's Cluster page shows the nodes, not the database path or every group's planned fires", async ({ page }, testInfo) => {
  await signInPage(page, server().origin, 'op-friction', 'op-friction-first-pass', 'op-friction-own-password')
  await goTo(page, 'cluster')
  await expect(page.getByTestId('cluster-node')).toHaveCount(1)
  await expect(page.getByTestId('cluster-engine')).toBeVisible()
  await expect(page.getByTestId('cluster-location')).toHaveCount(0)
  await expect(page.getByTestId('cluster-ring-rows')).toHaveCount(0)
  await expect(page.getByTestId('page-cluster')).not.toContainText('jobdesk.db')
  await shot(page, testInfo, 'cluster-as-operator')
})
