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
const FAILING_DEMO = 'Demo: a job that fails (run it by hand)'

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
  await expect(page.getByTestId('next-fire').first()).toBeVisible()
  await shot('dashboard')

  await goTo(page, 'jobs')
  await expect(page.getByTestId('job-row').first()).toBeVisible()
  await shot('jobs')
  await page.getByTestId('job-edit').first().click()
  await expect(page.getByTestId('schedule-preview')).toBeVisible()
  await shot('job-editor')
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('job-editor-form')).toHaveCount(0)

  await page.getByTestId('job-new').click()
  await page.getByTestId('job-editor-form').getByTestId('field-name').fill('A job not saved yet')
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('discard-prompt')).toBeVisible()
  await shot('discard-prompt')
  await page.getByTestId('discard-confirm').click()
  await expect(page.getByTestId('job-editor-form')).toHaveCount(0)

  await jobRow(page, FAILING_DEMO).getByTestId('job-trigger').click()
  await page.getByRole('dialog').getByTestId('trigger-submit').click()
  await expect(page.getByRole('dialog').getByTestId('trigger-outcome')).toHaveAttribute('data-state', 'accepted')
  await shot('trigger-outcome')
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('trigger-outcome')).toHaveCount(0)

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
  // The mouse on the row's first cell, as an operator clicks (a locator click would first scroll the
  // wide row sideways into view).
  const cell = (await page
    .locator('[data-testid="run-row"]:has([data-testid="run-status"][data-status="success"])')
    .first()
    .locator('[role="cell"]')
    .first()
    .boundingBox())!
  await page.mouse.click(cell.x + cell.width / 2, cell.y + cell.height / 2)
  await expect(page.getByTestId('run-detail').getByTestId('log-row').first()).toBeVisible()
  await shot('runs')
  await page.getByTestId('run-detail').getByTestId('log-fullscreen').click()
  await expect(page.getByTestId('log-tail')).toHaveAttribute('data-fullscreen', 'true')
  await shot('log-fullscreen')
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('log-tail')).toHaveAttribute('data-fullscreen', 'false')

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

const LOOKS = [
  { language: 'English', theme: 'Light', scheme: 'light', suffix: 'en.light' },
  { language: 'English', theme: 'Dark', scheme: 'dark', suffix: 'en.dark' },
  { language: '简体中文', theme: '浅色', scheme: 'light', suffix: 'zh-CN.light' },
  { language: '简体中文', theme: '深色', scheme: 'dark', suffix: 'zh-CN.dark' },
] as const

// Every look at the common size; at the smallest, one per language with both themes between them
// (the look does not change the layout, which viewports.spec checks per language and size).
for (const { size, looks } of [
  { size: { width: 1440, height: 900 }, looks: LOOKS },
  { size: { width: 1024, height: 768 }, looks: [LOOKS[0], LOOKS[3]] },
]) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size })
    for (const look of looks) {
      test(`every page renders in ${look.suffix}; screenshots go to e2e/artifacts`, async ({ page }) => {
        mkdirSync(ARTIFACTS, { recursive: true })
        const problems = watchProblems(page)
        await openConsole(page, server())
        await chooseOption(page, page.getByTestId('language-switch'), look.language)
        await page.getByTestId('theme-switch').getByText(look.theme, { exact: true }).click()
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', look.scheme)
        await shootEveryPage(page, `${look.suffix}.${size.width}x${size.height}`)
        expect(problems).toEqual([])
      })
    }
  })
}

test('in Chinese the console speaks Chinese, and the choice survives a reload', async ({ page }) => {
  await openConsole(page, server())
  await chooseOption(page, page.getByTestId('language-switch'), '简体中文')
  await page.getByTestId('theme-switch').getByText('深色', { exact: true }).click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN')
  await expect(page.getByTestId('nav-jobs')).toContainText('任务')
  await expect(page.getByTestId('nav-dag')).toContainText('依赖图')
  await expect(page.getByTestId('nav-settings')).toContainText('设置')
  await expect(page.getByTestId('connection-status')).toHaveText('已连接')
  // Who the console is: the console token, named in Chinese too.
  await expect(page.getByTestId('session-name')).toHaveText('控制台令牌')
  await goTo(page, 'dashboard')
  await expect(page.getByTestId('stat-jobs')).toHaveText('4')
  await expect(page.getByTestId('scheduler-state')).toHaveText('运行中')
  await goTo(page, 'jobs')
  await expect(page.getByTestId('schedule-description').first()).toHaveText('每隔 2 秒')
  await goTo(page, 'executors')
  await expect(page.getByTestId('address-health').first()).toHaveText('在线')
  await page.reload()
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark')
  await expect(page.getByTestId('nav-runs')).toContainText('调度日志')
})
