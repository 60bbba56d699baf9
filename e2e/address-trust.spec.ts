import { expect, test } from '@playwright/test'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defaultJobInput } from '../src/shared/job-defaults'
import { bridgeCalls, signInCookie, signInPage } from './support/admin-session'
import { chooseOption, goTo, jobRow } from './support/console-page'
import { useHeadlessServer } from './support/headless-server'
import { E2E_ACCESS_TOKEN, startLanAgent, stopAll, type LanAgent } from './support/lan-agent'

/**
 * A group's access token goes only to the group's own executors. An admin may send a run to any
 * address and is told it goes there without the token (the preview and the trail mark it too); an
 * operator of the group may pick only its own executors, and a refusal reads in their language.
 */
const ADMIN_PASSWORD = 'e2e-admin-password'
const passwordFile = join(mkdtempSync(join(tmpdir(), 'jobdesk-e2e-pw-')), 'admin-password')
writeFileSync(passwordFile, `${ADMIN_PASSWORD}\n`)
const server = useHeadlessServer({ extraArgs: ['--admin-password-file', passwordFile, '--token', E2E_ACCESS_TOKEN] })
const APP = 'e2e-trust'
const JOB = 'E2E job of the trust group'
/** Nothing listens on the loopback's discard port, and it is no executor of the group. */
const STRANGER = 'http://127.0.0.1:9/'

test.describe.configure({ mode: 'serial' })

let agent: LanAgent | null = null

test.beforeAll(async () => {
  agent = await startLanAgent(server(), APP)
  const cookie = await signInCookie(server().origin, 'admin', ADMIN_PASSWORD)
  await bridgeCalls(server().origin, cookie, async (call) => {
    // The agent's registration creates its group.
    const groupOf = async () => ((await call('listGroups')) as { id: number; appName: string }[]).find((g) => g.appName === APP)
    await expect.poll(async () => (await groupOf())?.id ?? 0).toBeGreaterThan(0)
    const groupId = (await groupOf())!.id
    await call('saveJob', defaultJobInput(groupId, 'UTC', { name: JOB, author: 'e2e', executorHandler: 'e2eEcho', executorParam: 'trusted' }))
    await call('saveUser', { name: 'op-trust', role: 'operator', groupIds: [groupId], password: 'op-trust-first-pass' })
  })
})

test.afterAll(async () => {
  await stopAll(agent ? [agent] : [])
  agent = null
})

test('an admin sending a run to an address outside the group is warned it goes without the token, and the preview and trail mark it', async ({ page }) => {
  const own = agent!.address
  await signInPage(page, server().origin, 'admin', ADMIN_PASSWORD)
  await goTo(page, 'jobs')
  await jobRow(page, JOB).getByTestId('job-trigger').click()
  const dialog = page.getByRole('dialog')
  const preview = dialog.getByTestId('route-preview')
  const warning = dialog.getByTestId('trigger-tokenless-warning')

  // The group's own executor: picked without a warning.
  await dialog.locator(`[data-testid="trigger-address-option"][data-address="${own}"]`).check()
  await expect(preview).toContainText(`Would run on ${own}`)
  await expect(preview).toHaveAttribute('data-tokenless', '')
  await expect(warning).toHaveCount(0)

  // A typed stranger: warned about, and marked by the core's preview; the group's executor is not.
  await dialog.getByTestId('trigger-addresses').fill(STRANGER)
  await dialog.getByTestId('trigger-addresses').press('Enter')
  await expect(warning).toContainText('Sent without the group’s access token')
  await expect(warning).toContainText('An executor that requires a token will refuse the run')
  await expect(warning.getByTestId('trigger-tokenless-address')).toHaveText([STRANGER])
  await expect(preview).toHaveAttribute('data-tokenless', STRANGER)
  await expect(preview.getByTestId('route-preview-tokenless')).toHaveText(`Called without the access token: ${STRANGER}`)

  // Only the stranger left: the preview says the run itself goes without the token.
  await dialog.locator(`[data-testid="trigger-address-option"][data-address="${own}"]`).uncheck()
  await expect(preview).toContainText(`Would run on ${STRANGER}, without the group’s access token`)
  await dialog.getByTestId('trigger-submit').click()
  const outcome = dialog.getByTestId('trigger-outcome')
  await expect(outcome).toHaveAttribute('data-state', 'refused')
  await outcome.getByTestId('trigger-outcome-trail-toggle').click()
  const tokenless = outcome.getByTestId('trail-tokenless')
  await expect(tokenless).toContainText(STRANGER)
  await expect(tokenless).toContainText('called without its access token')
})

test('an operator of the group picks only its own executors, probes with the token, and a refusal reads in Chinese', async ({ page }) => {
  const own = agent!.address
  await signInPage(page, server().origin, 'op-trust', 'op-trust-first-pass', 'op-trust-own-password')
  await chooseOption(page, page.getByTestId('language-switch'), '简体中文')
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN')

  // The Executors page probes the group's own executor, with the group's token.
  await goTo(page, 'executors')
  const row = page.locator(`[data-testid="executor-address"][data-address="${own}"]`)
  await row.getByTestId('probe').click()
  await expect(row.getByTestId('probe-result')).toHaveAttribute('data-code', '200')
  await expect(row.getByTestId('probe-result')).toHaveAttribute('data-token-sent', 'true')
  await expect(row.getByTestId('probe-tokenless')).toHaveCount(0)

  await goTo(page, 'jobs')
  await jobRow(page, JOB).getByTestId('job-trigger').click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByTestId('trigger-addresses')).toHaveCount(0)
  await expect(dialog.getByTestId('trigger-addresses-group-only')).toContainText('只能选择本分组自己的执行器')
  await expect(dialog.getByTestId('trigger-address-option')).toHaveCount(1)
  const option = dialog.locator(`[data-testid="trigger-address-option"][data-address="${own}"]`)
  await option.check()
  await expect(dialog.getByTestId('route-preview')).toContainText(`将在 ${own} 上执行`)

  // Its executor leaves the group while the dialog is open: the pick stays, marked, and the core refuses it.
  await agent!.stop()
  await expect(option).toHaveAttribute('data-gone', 'true')
  await expect(dialog.getByTestId('trigger-address-gone')).toHaveText('已不在此分组')
  await dialog.getByTestId('trigger-submit').click()
  const error = dialog.getByTestId('trigger-error')
  await expect(error).toContainText(`${own} 不是注册在（或配置于）分组`)
  await expect(error).not.toContainText('is not an executor registered')
  await expect(dialog.getByTestId('trigger-run-link')).toHaveCount(0)
})
