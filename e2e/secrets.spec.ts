import { expect, test } from '@playwright/test'
import { EMBEDDED_APP_NAME } from '../src/shared/model'
import { tokenBridgeCalls } from './support/admin-session'
import { chooseOption, chooseWireOption, goTo, jobRow, openConsole } from './support/console-page'
import { useHeadlessServer } from './support/headless-server'

// Scripts on: the env test runs a shell job on the embedded executor.
const server = useHeadlessServer({ extraArgs: ['--no-demo', '--enable-scripts'] })

const FIRST = 'first-e2e-value-Zq9'
const SECOND = 'second-e2e-value-Wp4'

test('the Secrets page sets a group’s secret from a password field, sets it again, shows its versions and removes it — never showing a value', async ({
  page,
}) => {
  await openConsole(page, server())
  await goTo(page, 'secrets')
  await expect(page.getByTestId('secrets-empty')).toBeVisible()

  await page.getByTestId('secret-new').click()
  const dialog = page.getByTestId('secret-dialog')
  await dialog.getByTestId('secret-name').fill('oracle_pw')
  await chooseOption(page, dialog.getByTestId('secret-scope'), EMBEDDED_APP_NAME)
  await expect(dialog.getByTestId('secret-value')).toHaveAttribute('type', 'password')
  await dialog.getByTestId('secret-value').fill(FIRST)
  await dialog.getByTestId('secret-save').click()
  await expect(dialog).toHaveCount(0)

  const groups = (await tokenBridgeCalls(server().origin, server().token, (call) => call('listGroups'))) as { id: number; appName: string }[]
  const embedded = groups.find((g) => g.appName === EMBEDDED_APP_NAME)!.id
  const row = page.getByTestId(`secret-${embedded}-oracle_pw`)
  await expect(row).toContainText(EMBEDDED_APP_NAME)
  await expect(row).toContainText('console token')

  // A new value: the dialog opens with the name and scope fixed and an empty password field.
  await row.getByTestId('secret-set').click()
  await expect(dialog.getByTestId('secret-name')).toBeDisabled()
  await expect(dialog.getByTestId('secret-value')).toHaveValue('')
  await dialog.getByTestId('secret-value').fill(SECOND)
  await dialog.getByTestId('secret-save').click()
  await expect(dialog).toHaveCount(0)
  await expect(row.locator('td').nth(4)).toHaveText('2')

  await row.getByTestId('secret-versions-open').click()
  const versions = page.getByTestId('secret-versions')
  await expect(versions.getByTestId('secret-version-2')).toContainText('current')
  await expect(versions.getByTestId('secret-version-1')).toContainText('kept until')
  const shown = await page.content()
  expect(shown).not.toContain(FIRST)
  expect(shown).not.toContain(SECOND)
  await page.keyboard.press('Escape')

  await row.getByTestId('secret-remove').click()
  await page.getByTestId('secret-remove-confirm').click()
  await expect(row).toHaveCount(0)
  await expect(page.getByTestId('secrets-empty')).toBeVisible()
})

test('in Chinese: the page, the dialog and a refusal beside it read in zh-CN', async ({ page }) => {
  await openConsole(page, server())
  await chooseOption(page, page.getByTestId('language-switch'), '简体中文')
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN')
  await expect(page.getByTestId('nav-secrets')).toContainText('密钥')
  await goTo(page, 'secrets')
  await page.getByTestId('secret-new').click()
  const dialog = page.getByTestId('secret-dialog')
  await expect(dialog).toContainText('之后不会再显示')
  await dialog.getByTestId('secret-name').fill('bad name!')
  await dialog.getByTestId('secret-value').fill(FIRST)
  await dialog.getByTestId('secret-save').click()
  await expect(dialog.getByTestId('secret-error')).toContainText('不是有效的密钥名称')
  await dialog.getByTestId('secret-name').fill('slack_token')
  await dialog.getByTestId('secret-save').click()
  await expect(dialog).toHaveCount(0)
  await expect(page.getByTestId('secret-global-slack_token')).toContainText('全局')
})

test('a script job’s editor gives it an environment variable from a secret; the run’s log shows the variable masked', async ({ page }) => {
  const value = 'env-e2e-value-Kd7'
  const groups = (await tokenBridgeCalls(server().origin, server().token, (call) => call('listGroups'))) as { id: number; appName: string }[]
  const embedded = groups.find((g) => g.appName === EMBEDDED_APP_NAME)!.id
  await tokenBridgeCalls(server().origin, server().token, (call) => call('setSecret', { name: 'env_pw', groupId: embedded, value }))
  await openConsole(page, server())
  await goTo(page, 'jobs')
  await page.getByTestId('job-new').click()
  const editor = page.getByTestId('job-editor-form')
  await editor.getByTestId('field-name').fill('E2E env script')
  await editor.getByTestId('field-scheduleType').getByText('NONE', { exact: true }).click()
  await chooseWireOption(page, editor.getByTestId('field-glueType'), 'GLUE_SHELL')
  await editor.getByTestId('field-glueSource').fill('#!/bin/sh\necho "the password is $DB_PASS"\n')
  await editor.getByTestId('env-add').click()
  await editor.getByTestId('env-variable').fill('1BAD')
  await expect(editor.getByTestId('env-section')).toContainText('not starting with a digit')
  await editor.getByTestId('env-variable').fill('DB_PASS')
  await chooseOption(page, editor.getByTestId('env-secret'), 'env_pw')
  await editor.getByTestId('editor-save').click()
  await expect(page.getByTestId('job-editor-form')).toHaveCount(0)

  const jobs = (await tokenBridgeCalls(server().origin, server().token, (call) => call('listJobs'))) as { name: string; env?: unknown }[]
  const saved = jobs.find((job) => job.name === 'E2E env script')
  expect(saved?.env).toEqual({ DB_PASS: 'secrets.env_pw' })

  await jobRow(page, 'E2E env script').getByTestId('job-trigger').click()
  await page.getByRole('dialog').getByTestId('trigger-submit').click()
  await page.getByRole('dialog').getByTestId('trigger-run-link').click()
  const log = page.getByTestId('run-detail').getByTestId('log-tail')
  await expect(page.getByTestId('run-detail')).not.toHaveAttribute('data-status', 'running')
  await expect(log).toContainText('the password is ••••')
  await expect(page.getByTestId('run-detail')).toHaveAttribute('data-status', 'success')
  expect(await page.content()).not.toContain(value)
})
