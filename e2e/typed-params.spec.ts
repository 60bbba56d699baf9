import { expect, test, type Page } from '@playwright/test'
import { defaultJobInput } from '../src/shared/job-defaults'
import { EMBEDDED_APP_NAME } from '../src/shared/model'
import { chooseOption, goTo, jobRow, openConsole } from './support/console-page'
import { tokenBridgeCalls } from './support/admin-session'
import { useHeadlessServer } from './support/headless-server'

// Issue 45: a job that declares typed parameters gets a generated form in the trigger dialog,
// which refuses a bad date beside its field (in English and in Chinese) and sends a good one.
const server = useHeadlessServer()

test.describe.configure({ mode: 'serial' })

const JOB = 'E2E typed report'

test.beforeAll(async () => {
  await tokenBridgeCalls(server().origin, server().token, async (call) => {
    const groups = (await call('listGroups')) as { id: number; appName: string }[]
    const embedded = groups.find((group) => group.appName === EMBEDDED_APP_NAME)!.id
    const decl = { required: false, default: null, enum: [], pattern: '', description: '' }
    await call(
      'saveJob',
      defaultJobInput(embedded, 'UTC', {
        name: JOB,
        executorHandler: 'demoJobHandler',
        params: [
          { ...decl, name: 'day', type: 'date', required: true, description: 'the business day' },
          { ...decl, name: 'region', type: 'enum', enum: ['eu', 'us'], default: 'eu' },
          { ...decl, name: 'dry', type: 'bool', default: false },
        ],
        paramFormat: 'json',
      }),
    )
  })
})

async function triggerWithDates(page: Page, refusal: string): Promise<void> {
  await goTo(page, 'jobs')
  await jobRow(page, JOB).getByTestId('job-trigger').click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByTestId('params-form')).toBeVisible()
  await expect(dialog.getByTestId('trigger-param')).toHaveCount(0)
  await expect(dialog.getByText('the business day')).toBeVisible()

  const day = dialog.getByTestId('param-day')
  await day.fill('2026-13-01')
  await dialog.getByTestId('trigger-submit').click()
  // Beside the field, and nothing sent: no run link.
  await expect(day).toHaveAttribute('aria-invalid', 'true')
  await expect(dialog.getByText(refusal, { exact: true })).toBeVisible()
  await expect(dialog.getByTestId('trigger-run-link')).toHaveCount(0)

  await day.fill('2026-12-07')
  await dialog.getByTestId('trigger-submit').click()
  const link = dialog.getByTestId('trigger-run-link')
  await expect(link).toHaveCount(1)
  await link.click()
  const detail = page.getByTestId('run-detail')
  await expect(detail.getByTestId('run-param')).toHaveText('{"day":"2026-12-07","region":"eu","dry":false}')
  await expect(detail.getByTestId('run-typed-params')).toContainText('day = 2026-12-07')
}

test('in English: a bad date is refused beside its field, a good one is sent as the JSON parameter', async ({ page }) => {
  await openConsole(page, server())
  await triggerWithDates(page, "day: '2026-13-01' is not a date (YYYY-MM-DD)")
})

test('in Chinese: the same refusal in Chinese, beside the field', async ({ page }) => {
  await openConsole(page, server())
  await chooseOption(page, page.getByTestId('language-switch'), '简体中文')
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN')
  await triggerWithDates(page, "day：'2026-13-01' 不是日期（YYYY-MM-DD）")
})
