import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import mysql from 'mysql2/promise'
import { startTempMariadb, type TempDbServer } from '../test/support/temp-db-servers'
import { goTo, jobRow, openConsole } from './support/console-page'
import { useHeadlessServer } from './support/headless-server'

const server = useHeadlessServer()
let mariadb: TempDbServer | null = null
let url = ''

// A MariaDB of its own, loaded with the XXL-JOB 2.4 fixture (a server that cannot start fails the file).
test.beforeAll(async () => {
  test.setTimeout(180_000)
  mariadb = await startTempMariadb()
  const admin = await mysql.createConnection({ uri: mariadb.url('mysql'), multipleStatements: true, charset: 'utf8mb4' })
  try {
    await admin.query('CREATE DATABASE xxl_job CHARACTER SET utf8mb4')
    await admin.query(`USE xxl_job; ${await readFile(join(import.meta.dirname, '..', 'test', 'fixtures', 'xxl-job', 'xxl-job-2.4.sql'), 'utf8')}`)
  } finally {
    await admin.end()
  }
  url = mariadb.url('xxl_job')
})
test.afterAll(async () => {
  await mariadb?.stop()
})

test('Import from XXL-JOB: preview shows every job with its flags and reasons, import applies it, the password is never shown back', async ({ page }) => {
  const withoutPassword = new URL(url)
  const password = decodeURIComponent(withoutPassword.password)
  withoutPassword.password = ''

  await openConsole(page, server())
  await goTo(page, 'jobs')
  await page.getByTestId('xxl-import-open').click()
  const dialog = page.getByTestId('xxl-import-dialog')
  await dialog.getByTestId('xxl-url').fill(withoutPassword.toString())
  await dialog.getByTestId('xxl-password').fill(password)
  await dialog.getByTestId('xxl-timezone').fill('Asia/Shanghai')
  await expect(dialog.getByTestId('xxl-import')).toBeDisabled()

  await dialog.getByTestId('xxl-preview').click()
  const report = dialog.getByTestId('xxl-report')
  await expect(report).toHaveAttribute('data-dry-run', 'true')
  const counts = report.getByTestId('xxl-counts')
  await expect(counts).toHaveAttribute('data-created', '4')
  await expect(counts).toHaveAttribute('data-refused', '2')
  const badCron = report.locator('[data-testid="xxl-job-row"][data-xxl-id="4"]')
  await expect(badCron).toHaveAttribute('data-action', 'refuse')
  await expect(badCron.getByTestId('xxl-job-notes')).toContainText("scheduleConf: '0 0 25 * * ?' hour 25 is out of range 0-23")
  await expect(report.locator('[data-testid="xxl-job-row"][data-xxl-id="6"]').getByTestId('xxl-job-notes')).toContainText(
    'its executor group (id 7) is not in xxl_job_group',
  )
  await expect(report.locator('[data-testid="xxl-job-row"][data-xxl-id="1"]').getByTestId('xxl-job-notes')).toContainText('child job 99 is not in xxl_job_info')
  await expect(report).not.toContainText(password)
  // Nothing was written by the preview.
  await expect(jobRow(page, '每日对账')).toHaveCount(0)

  await dialog.getByTestId('xxl-import').click()
  const done = dialog.getByTestId('xxl-report')
  await expect(done).toHaveAttribute('data-dry-run', 'false')
  await expect(done.getByTestId('xxl-counts')).toHaveAttribute('data-created', '4')
  await expect(done.locator('[data-testid="xxl-job-row"][data-xxl-id="1"]')).toContainText('→ job')
  await expect(dialog).not.toContainText(password)
  await dialog.getByTestId('xxl-close').click()

  for (const name of ['每日对账', 'cleanup temp files', 'groovy invoice', '清理脚本']) await expect(jobRow(page, name)).toHaveCount(1)
  await expect(jobRow(page, 'bad cron')).toHaveCount(0)

  // Opened again, the form is empty: the password was not kept.
  await page.getByTestId('xxl-import-open').click()
  await expect(page.getByTestId('xxl-import-dialog').getByTestId('xxl-password')).toHaveValue('')
  await expect(page.getByTestId('xxl-import-dialog').getByTestId('xxl-url')).toHaveValue('')
})

test('a database it cannot read: the reason, nothing imported, and no password in it', async ({ page }) => {
  await openConsole(page, server())
  await goTo(page, 'jobs')
  await page.getByTestId('xxl-import-open').click()
  const dialog = page.getByTestId('xxl-import-dialog')
  await dialog.getByTestId('xxl-url').fill(`mysql://xxl@127.0.0.1:${mariadb!.port}/no_such_db`)
  await dialog.getByTestId('xxl-password').fill('wrong-secret-pw')
  await dialog.getByTestId('xxl-preview').click()
  const failed = dialog.getByTestId('xxl-failed')
  await expect(failed).toContainText('cannot read the XXL-JOB database mysql://xxl@127.0.0.1')
  await expect(failed).not.toContainText('wrong-secret-pw')
  await expect(dialog.getByTestId('xxl-import')).toBeDisabled()
})
