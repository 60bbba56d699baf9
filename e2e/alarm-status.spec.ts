import { expect, test, type Page, type TestInfo } from '@playwright/test'
import { chooseOption, goTo, jobRow, openConsole } from './support/console-page'
import { useHeadlessServer } from './support/headless-server'

// Issue 23: alarms were invisible. A job with an alarm email on a server without SMTP: the editor
// warns, the failed run's alarm shows "failed: SMTP not configured" in its detail and in the Runs
// list, and the dashboard warns — in English and in Chinese. A fresh headless server has no SMTP.
const server = useHeadlessServer()

test.describe.configure({ mode: 'serial' })
test.use({ viewport: { width: 1280, height: 720 } })

interface Words {
  language: 'en' | 'zh-CN'
  job: string
  editorWarning: RegExp
  runAlarm: string
  markerTitle: RegExp
  dashboardNoSmtp: RegExp
  dashboardFailed: RegExp
}

const CASES: Words[] = [
  {
    language: 'en',
    job: 'E2E alarm without SMTP',
    editorWarning: /No SMTP server is configured: the alarm emails of this job will fail/,
    runAlarm: 'Failed: SMTP not configured',
    markerTitle: /^Alarm failed: SMTP not configured \(ops@example\.test\)$/,
    dashboardNoSmtp: /\d+ jobs? (has|have) an alarm email, but no SMTP server is configured/,
    dashboardFailed: /\d+ alarms? could not be sent in the last 24 h/,
  },
  {
    language: 'zh-CN',
    job: 'E2E 无 SMTP 的告警',
    editorWarning: /尚未配置 SMTP 服务器：在“设置 → 告警”中配置之前，本任务的告警邮件都会发送失败/,
    runAlarm: '发送失败：未配置 SMTP',
    markerTitle: /^告警发送失败：未配置 SMTP（ops@example\.test）$/,
    dashboardNoSmtp: /有 \d+ 个任务设置了告警邮箱，但尚未配置 SMTP 服务器/,
    dashboardFailed: /最近 24 小时内有 \d+ 条告警发送失败/,
  },
]

async function open(page: Page, language: Words['language']): Promise<void> {
  await openConsole(page, server())
  if (language === 'zh-CN') {
    await chooseOption(page, page.getByTestId('language-switch'), '简体中文')
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN')
  }
}

async function attach(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await testInfo.attach(name, { body: await page.screenshot(), contentType: 'image/png' })
}

for (const words of CASES) {
  test(`a failed alarm for want of SMTP is shown in the editor, on the run, in the Runs list and on the dashboard (${words.language})`, async ({
    page,
  }, testInfo) => {
    await open(page, words.language)
    await goTo(page, 'jobs')
    await page.getByTestId('job-new').click()
    const editor = page.getByTestId('job-editor-form')
    await editor.getByTestId('field-name').fill(words.job)
    await editor.getByTestId('field-scheduleType').getByText('NONE', { exact: true }).click()
    // No executor offers this handler: every trigger fails, and the fail monitor alarms.
    await editor.getByTestId('field-executorHandler').fill('noSuchHandler')
    const warning = editor.getByTestId('editor-alarm-no-smtp')
    await expect(warning).toHaveCount(0)
    await editor.getByTestId('field-alarmEmail').fill('ops@example.test')
    await expect(warning).toContainText(words.editorWarning)
    await expect(warning.getByTestId('editor-alarm-settings')).toBeVisible()
    await warning.scrollIntoViewIfNeeded()
    await attach(page, testInfo, `editor-warning-${words.language}.png`)
    await editor.getByTestId('editor-save').click()
    await expect(editor).toHaveCount(0)

    await jobRow(page, words.job).getByTestId('job-trigger').click()
    const dialog = page.getByRole('dialog')
    await dialog.getByTestId('trigger-submit').click()
    await expect(dialog.getByTestId('trigger-outcome')).toHaveAttribute('data-state', 'refused')
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)

    await goTo(page, 'runs')
    const row = page.getByTestId('run-row').filter({ hasText: words.job }).first()
    const marker = row.getByTestId('run-alarm-marker')
    // The fail monitor takes the run within its period and pushes the final status.
    await expect(marker).toHaveAttribute('data-alarm', 'failed', { timeout: 30_000 })
    await expect(marker).toHaveAttribute('title', words.markerTitle)
    await marker.hover()
    await attach(page, testInfo, `runs-list-alarm-${words.language}.png`)
    await row.click()
    const alarm = page.getByTestId('run-detail').getByTestId('run-alarm')
    await expect(alarm).toHaveAttribute('data-alarm', 'failed')
    await expect(alarm).toContainText(words.runAlarm)
    await expect(alarm.getByTestId('run-alarm-detail')).toHaveText('ops@example.test')
    await alarm.scrollIntoViewIfNeeded()
    await attach(page, testInfo, `run-alarm-${words.language}.png`)

    await goTo(page, 'dashboard')
    const warnings = page.getByTestId('alarm-warnings')
    await expect(warnings.getByTestId('alarm-warning-no-smtp')).toHaveText(words.dashboardNoSmtp)
    await expect(warnings.getByTestId('alarm-warning-failed')).toHaveText(words.dashboardFailed)
    await attach(page, testInfo, `dashboard-warning-${words.language}.png`)
  })
}
