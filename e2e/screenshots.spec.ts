import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { expect, test, type Page } from '@playwright/test'
import { chooseOption, createJob, goTo, jobRow, openConsole } from './support/console-page'
import { dagNode, fitDag } from './support/dag-page'
import { useHeadlessServer } from './support/headless-server'

// Script jobs run on the JobDesk host only when the operator turns them on.
const server = useHeadlessServer({ extraArgs: ['--enable-scripts'] })
const ARTIFACTS = fileURLToPath(new URL('./artifacts/', import.meta.url))
const GLUE_JOB = 'E2E screenshot script'

test.describe.configure({ mode: 'serial' })

/** Script errors and CSP violations show up on the console: there must be none on any page. */
function watchProblems(page: Page): string[] {
  const problems: string[] = []
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`)
  })
  return problems
}

/** Every page (and the editors and dialogs), one screenshot each, in the current language and theme. */
async function shootEveryPage(page: Page, suffix: string): Promise<void> {
  const shot = (name: string) => page.screenshot({ path: `${ARTIFACTS}${name}.${suffix}.png` })

  await goTo(page, 'dashboard')
  await expect(page.getByTestId('stat-jobs')).not.toHaveText('…')
  await expect(page.getByTestId('scheduler-state')).toBeVisible()
  await shot('dashboard')

  await goTo(page, 'jobs')
  await expect(page.getByTestId('job-row').first()).toBeVisible()
  await shot('jobs')
  await page.getByTestId('job-edit').first().click()
  await expect(page.getByTestId('schedule-preview')).toBeVisible()
  await shot('job-editor')
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('job-editor-form')).toHaveCount(0)

  await jobRow(page, GLUE_JOB).getByTestId('job-glue').click()
  await expect(page.getByTestId('glue-source')).toBeVisible()
  await expect(page.getByTestId('glue-version')).not.toHaveCount(0)
  await page.getByTestId('glue-version-diff').first().click()
  await expect(page.getByTestId('glue-diff')).toBeVisible()
  await shot('glue-editor')
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('glue-form')).toHaveCount(0)

  await page.getByTestId('jobs-export').click()
  await expect(page.getByTestId('jobs-export-all')).toBeVisible()
  await shot('jobs-export-menu')
  await page.keyboard.press('Escape')

  await goTo(page, 'dag')
  await expect(page.getByTestId('dag-node').first()).toBeVisible()
  await fitDag(page)
  await dagNode(page, 1).click()
  await expect(page.getByTestId('dag-panel-run').first()).toBeVisible()
  await shot('dag')

  await goTo(page, 'runs')
  await page.locator('[data-testid="run-row"]:has([data-testid="run-status"][data-status="success"])').first().click()
  await expect(page.getByTestId('run-detail').getByTestId('log-row').first()).toBeVisible()
  await shot('runs')

  await goTo(page, 'executors')
  await expect(page.getByTestId('address-health').first()).toHaveAttribute('data-health', 'online')
  await shot('executors')

  await goTo(page, 'settings')
  await expect(page.getByTestId('settings-token-value')).toBeVisible()
  await shot('settings')
}

test('a script job with two GLUE versions exists for the screenshots', async ({ page }) => {
  await openConsole(page, server())
  await goTo(page, 'jobs')
  await createJob(page, { name: GLUE_JOB, shell: '#!/bin/bash\necho "first version"\n' })
  await jobRow(page, GLUE_JOB).getByTestId('job-glue').click()
  await page.getByTestId('glue-source').fill('#!/bin/bash\necho "second version"\nexit 0\n')
  await page.getByTestId('glue-remark').fill('say second')
  await page.getByTestId('glue-save').click()
  // The created source and the saved one.
  await expect(page.getByTestId('glue-version-remark')).toHaveText(['say second', 'saved with the job'])
})

test('in English and light mode every page renders; screenshots go to e2e/artifacts', async ({ page }) => {
  mkdirSync(ARTIFACTS, { recursive: true })
  const problems = watchProblems(page)
  await openConsole(page, server())
  await chooseOption(page, page.getByTestId('language-switch'), 'English')
  await page.getByTestId('theme-switch').getByText('Light', { exact: true }).click()
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light')
  await shootEveryPage(page, 'en.light')
  expect(problems).toEqual([])
})

test('in Chinese and dark mode every page renders; screenshots go to e2e/artifacts', async ({ page }) => {
  mkdirSync(ARTIFACTS, { recursive: true })
  const problems = watchProblems(page)
  await openConsole(page, server())

  await chooseOption(page, page.getByTestId('language-switch'), '简体中文')
  await page.getByTestId('theme-switch').getByText('深色', { exact: true }).click()
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark')
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN')
  await expect(page.getByTestId('nav-jobs')).toContainText('任务')
  await expect(page.getByTestId('nav-dag')).toContainText('依赖图')
  await expect(page.getByTestId('nav-settings')).toContainText('设置')
  await expect(page.getByTestId('connection-status')).toHaveText('已连接')

  await goTo(page, 'dashboard')
  await expect(page.getByTestId('stat-jobs')).toHaveText('4')
  await expect(page.getByTestId('scheduler-state')).toHaveText('运行中')
  await goTo(page, 'jobs')
  await expect(page.getByTestId('schedule-description').first()).toHaveText('每隔 2 秒')
  await goTo(page, 'executors')
  await expect(page.getByTestId('address-health').first()).toHaveText('在线')
  await shootEveryPage(page, 'zh-CN.dark')

  // The choice survives a reload (stored preferences).
  await page.reload()
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark')
  await expect(page.getByTestId('nav-runs')).toContainText('调度日志')
  expect(problems).toEqual([])
})
