import { expect, test } from '@playwright/test'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { jobInputOf } from '../src/shared/job-defaults'
import type { JobInfo } from '../src/shared/model'
import { jobRow } from './support/console-page'
import { useHeadlessServer } from './support/headless-server'
import { bridgeCalls, signInCookie, signInPage } from './support/admin-session'

/**
 * Issue 13 in the browser: signing in, a viewer who cannot trigger, an operator of group A who
 * does not see group B's job, and the Audit page showing the operator's trigger with its address
 * override. The admin's password comes from --admin-password-file, so the console token is retired.
 */
const ADMIN_PASSWORD = 'e2e-admin-password'
const passwordFile = join(mkdtempSync(join(tmpdir(), 'jobdesk-e2e-pw-')), 'admin-password')
writeFileSync(passwordFile, `${ADMIN_PASSWORD}\n`)
/** Given, so the test can still open the console with it after the server stopped printing it. */
const CONSOLE_TOKEN = 'e2e-retired-console-token-1b2c'
const server = useHeadlessServer({ extraArgs: ['--admin-password-file', passwordFile, '--console-token', CONSOLE_TOKEN] })
const JOB_IN_B = 'E2E job of group B'
const JOB_IN_A = 'Demo: a job that fails (run it by hand)'

test.beforeAll(async () => {
  const cookie = await signInCookie(server().origin, 'admin', ADMIN_PASSWORD)
  await bridgeCalls(server().origin, cookie, async (call) => {
    const groups = (await call('listGroups')) as { id: number; appName: string }[]
    const groupA = groups[0].id
    const groupB = (await call('saveGroup', {
      appName: 'e2e-group-b',
      name: 'Group B',
      addressType: 1,
      addressList: 'http://127.0.0.1:9/',
      accessToken: '',
    })) as { id: number }
    const template = (await call('getJob', ((await call('listJobs')) as { id: number }[])[0].id)) as JobInfo
    const { id: _id, ...fields } = jobInputOf(template)
    await call('saveJob', { ...fields, name: JOB_IN_B, jobGroup: groupB.id, scheduleType: 'NONE', scheduleConf: '' })
    await call('saveUser', { name: 'op-a', role: 'operator', groupIds: [groupA], password: 'op-a-first-pass' })
    await call('saveUser', { name: 'viewer-a', role: 'viewer', groupIds: [groupA], password: 'viewer-a-first-pass' })
    await call('saveUser', { name: 'first-timer', role: 'viewer', groupIds: [groupA], password: 'first-timer-first-pass' })
  })
})

test('the console token no longer opens the console, and a wrong password is refused', async ({ page }) => {
  expect(server().url, 'the start banner prints the address without the retired token').not.toContain('#token=')
  await page.goto(`${server().origin}/#token=${CONSOLE_TOKEN}`)
  await expect(page.getByTestId('sign-in-token-retired')).toBeVisible()
  await page.getByTestId('sign-in-name').fill('admin')
  await page.getByTestId('sign-in-password').fill('not the password')
  await page.getByTestId('sign-in-submit').click()
  await expect(page.getByTestId('sign-in-error')).toContainText('wrong user name or password')
})

test('the page paints a data-free shell from its HTML alone; a signed-out browser goes from it to the sign-in page', async ({ page }) => {
  // The first paint comes before the bundle and the /auth/state round trip (docs/benchmarks.md#b9-cold-start): it must show nothing.
  const html = await (await page.request.get(`${server().origin}/`)).text()
  expect(html).toContain('data-testid="boot-shell"')
  expect(html).not.toContain(JOB_IN_A)
  await page.goto(server().origin)
  await expect(page.getByTestId('sign-in-name')).toBeVisible()
  await expect(page.getByTestId('boot-shell')).toHaveCount(0)
  await expect(page.getByTestId('nav-jobs')).toHaveCount(0)
})

test('an operator of group A does not see group B and triggers in A with an address override', async ({ page }) => {
  await signInPage(page, server().origin, 'op-a', 'op-a-first-pass', 'op-a-own-password')
  await expect(page.getByTestId('session-role')).toHaveAttribute('data-role', 'operator')
  await expect(page.getByTestId('nav-settings')).toHaveCount(0)
  await page.getByTestId('nav-jobs').click()
  await expect(jobRow(page, JOB_IN_A)).toBeVisible()
  await expect(jobRow(page, JOB_IN_B)).toHaveCount(0)

  await jobRow(page, JOB_IN_A).getByTestId('job-trigger').click()
  const dialog = page.getByRole('dialog')
  await dialog.getByTestId('trigger-param').fill('e2e audited')
  // An operator names only the group's own executors: no field to type another address in.
  await expect(dialog.getByTestId('trigger-addresses')).toHaveCount(0)
  const option = dialog.getByTestId('trigger-address-option').first()
  await option.check()
  await dialog.getByTestId('trigger-submit').click()
  await expect(dialog.getByTestId('trigger-run-link')).toBeVisible()
  await page.keyboard.press('Escape')

  // The cluster secret is an admin's to rotate.
  await page.getByTestId('nav-cluster').click()
  await expect(page.getByTestId('cluster-secret-rotated')).toBeVisible()
  await expect(page.getByTestId('cluster-rotate-secret')).toHaveCount(0)
})

test('a first sign-in with a one-time password writes no refused reads: the console waits for the new password', async ({ page }) => {
  await signInPage(page, server().origin, 'first-timer', 'first-timer-first-pass', 'first-timer-own-password')
  await expect(page.getByTestId('session-role')).toHaveAttribute('data-role', 'viewer')
  await page.getByTestId('nav-jobs').click()
  await expect(jobRow(page, JOB_IN_A)).toBeVisible()
  const cookie = await signInCookie(server().origin, 'admin', ADMIN_PASSWORD)
  const refused = await bridgeCalls(server().origin, cookie, (call) => call('listAudit', { actor: 'first-timer', outcome: 'refused' }))
  expect((refused as { entries: { action: string; target: string }[] }).entries).toEqual([])
})

test('a viewer reads jobs of group A but has nothing to trigger or edit', async ({ page }) => {
  await signInPage(page, server().origin, 'viewer-a', 'viewer-a-first-pass', 'viewer-a-own-password')
  await page.getByTestId('nav-jobs').click()
  await expect(jobRow(page, JOB_IN_A)).toBeVisible()
  await expect(jobRow(page, JOB_IN_A).getByTestId('job-runs')).toBeVisible()
  await expect(page.getByTestId('job-trigger')).toHaveCount(0)
  await expect(page.getByTestId('job-edit')).toHaveCount(0)
  await expect(page.getByTestId('job-new')).toHaveCount(0)
})

test("the Audit page shows the operator's trigger with its address override", async ({ page }) => {
  await signInPage(page, server().origin, 'admin', ADMIN_PASSWORD)
  await page.getByTestId('nav-audit').click()
  await expect(page.getByTestId('page-audit')).toBeVisible()
  await page.getByTestId('audit-filter-actor').fill('op-a')
  const row = page.locator('[data-testid="audit-row"][data-action="job.trigger"]').first()
  await expect(row).toContainText('op-a')
  await row.click()
  const detail = page.getByTestId('audit-detail')
  await expect(detail).toContainText('"executorParam": "e2e audited"')
  await expect(detail).toContainText('"addressList"')
  await expect(detail).toContainText('jobdesk://')
})

test('an admin creates a user on the Users page, and a personal token shown once on the API tokens page', async ({ page }) => {
  await signInPage(page, server().origin, 'admin', ADMIN_PASSWORD)
  await page.getByTestId('nav-users').click()
  await page.getByTestId('user-new').click()
  const editor = page.getByTestId('user-editor')
  await editor.getByTestId('user-name').fill('new-viewer')
  await editor.getByTestId('user-password').fill('new-viewer-first')
  await editor.getByTestId('user-save').click()
  const row = page.locator('[data-testid="user-row"][data-name="new-viewer"]')
  await expect(row).toContainText('Viewer')
  await expect(row).toContainText('One-time password')

  await page.getByTestId('nav-tokens').click()
  await page.getByTestId('token-new').click()
  await page.getByTestId('token-name').fill('e2e ci')
  await page.getByTestId('token-create').click()
  await expect(page.getByTestId('token-secret')).toHaveText(/^jdp_[A-Za-z0-9_-]{43}$/)
  const token = (await page.getByTestId('token-secret').textContent())!
  await expect(page.getByTestId('token-row').filter({ hasText: 'e2e ci' })).toContainText('Active')
  const reply = await fetch(`${server().origin}/api/listJobs`, {
    method: 'POST',
    headers: { 'XXL-JOB-ACCESS-TOKEN': token, 'content-type': 'application/json' },
    body: '{}',
  })
  expect(((await reply.json()) as { code: number }).code).toBe(200)
  await page.getByTestId('token-row').filter({ hasText: 'e2e ci' }).getByTestId('token-revoke').click()
  await expect(page.getByTestId('token-row').filter({ hasText: 'e2e ci' })).toContainText('Revoked')
})

test('the Audit page shows how many identical refusals a row stands for', async ({ page }) => {
  // Three scrapes without a token from this address: identical refusals, one row (two if a minute turned between them).
  for (let n = 0; n < 3; n++) expect((await fetch(`${server().origin}/metrics`)).status).toBe(401)
  const cookie = await signInCookie(server().origin, 'admin', ADMIN_PASSWORD)
  const counts = await bridgeCalls(server().origin, cookie, async (call) => {
    const trail = (await call('listAudit', { action: 'auth.token', outcome: 'refused', limit: 10 })) as { entries: { target: string; count: number }[] }
    return trail.entries.filter((e) => e.target === 'metrics').map((e) => e.count)
  })
  const most = Math.max(...counts)
  expect(most).toBeGreaterThanOrEqual(2)
  await signInPage(page, server().origin, 'admin', ADMIN_PASSWORD)
  await page.getByTestId('nav-audit').click()
  const row = page.locator('[data-testid="audit-row"][data-action="auth.token"]').filter({ hasText: `×${most}` })
  await expect(row.first().getByTestId('audit-count')).toHaveText(`×${most} this minute`)
})

test('an MCP token made on the API tokens page works at /mcp, and the Audit page marks its calls via MCP', async ({ page }) => {
  await signInPage(page, server().origin, 'admin', ADMIN_PASSWORD)
  await page.getByTestId('nav-tokens').click()
  await page.getByTestId('token-new').click()
  await page.getByTestId('token-name').fill('e2e assistant')
  await page.getByTestId('token-scope-select').click()
  await page.getByRole('option', { name: 'AI agents (MCP)' }).click()
  await page.getByTestId('token-mode').click()
  await page.getByRole('option', { name: 'Read and operate' }).click()
  await page.getByTestId('token-create').click()
  const token = (await page.getByTestId('token-secret').textContent())!
  const row = page.getByTestId('token-row').filter({ hasText: 'e2e assistant' })
  await expect(row.getByTestId('token-scope')).toContainText('AI agents (MCP)')
  await expect(row.getByTestId('token-scope')).toContainText('Read and operate')

  const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_jobs', arguments: {} } }
  const reply = await fetch(`${server().origin}/mcp`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify(call),
  })
  expect(reply.status).toBe(200)
  expect(((await reply.json()) as { result: { isError?: boolean } }).result.isError).toBeUndefined()
  const onOpenApi = await fetch(`${server().origin}/api/listJobs`, { method: 'POST', headers: { 'XXL-JOB-ACCESS-TOKEN': token }, body: '{}' })
  expect(((await onOpenApi.json()) as { code: number }).code).toBe(500)

  await page.getByTestId('nav-audit').click()
  const audited = page.locator('[data-testid="audit-row"][data-action="mcp.tool"]').first()
  await expect(audited).toContainText('admin/e2e assistant')
  await expect(audited.getByTestId('audit-via')).toHaveText('via MCP')
})
