import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { expect, test } from '@playwright/test'
import { chooseOption, goTo, openConsole } from './support/console-page'
import { useHeadlessServer } from './support/headless-server'

const server = useHeadlessServer()
const ARTIFACTS = fileURLToPath(new URL('./artifacts/', import.meta.url))

test('in Chinese and dark mode every page renders; screenshots go to e2e/artifacts', async ({ page }) => {
  mkdirSync(ARTIFACTS, { recursive: true })
  // Script errors and CSP violations show up on the console: there must be none on any page.
  const problems: string[] = []
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`)
  })
  await openConsole(page, server())

  await chooseOption(page, page.getByTestId('language-switch'), '简体中文')
  await page.getByTestId('theme-switch').getByText('深色', { exact: true }).click()
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark')
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN')
  await expect(page.getByTestId('nav-jobs')).toContainText('任务')
  await expect(page.getByTestId('connection-status')).toHaveText('已连接')

  await goTo(page, 'dashboard')
  await expect(page.getByTestId('stat-jobs')).toHaveText('3')
  await expect(page.getByTestId('scheduler-state')).toHaveText('运行中')
  await page.screenshot({ path: `${ARTIFACTS}dashboard.zh-CN.dark.png` })

  await goTo(page, 'jobs')
  await expect(page.getByTestId('job-row')).toHaveCount(3)
  await expect(page.getByTestId('schedule-description').first()).toHaveText('每隔 2 秒')
  await page.screenshot({ path: `${ARTIFACTS}jobs.zh-CN.dark.png` })

  await page.getByTestId('job-edit').first().click()
  await expect(page.getByTestId('schedule-preview')).toBeVisible()
  await page.screenshot({ path: `${ARTIFACTS}job-editor.zh-CN.dark.png` })
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('job-editor-form')).toHaveCount(0)

  await goTo(page, 'runs')
  const succeeded = page.locator('[data-testid="run-row"]:has([data-testid="run-status"][data-status="success"])')
  await succeeded.first().click()
  await expect(page.getByTestId('run-detail').getByTestId('log-row').first()).toBeVisible()
  await page.screenshot({ path: `${ARTIFACTS}runs.zh-CN.dark.png` })

  await goTo(page, 'executors')
  await expect(page.getByTestId('address-health').first()).toHaveText('在线')
  await page.screenshot({ path: `${ARTIFACTS}executors.zh-CN.dark.png` })

  // The choice survives a reload (stored preferences).
  await page.reload()
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark')
  await expect(page.getByTestId('nav-runs')).toContainText('调度日志')
  expect(problems).toEqual([])
})
