import { expect, test, type Page } from '@playwright/test'
import { chooseOption, chooseWireOption, goTo, jobRow, openConsole } from './support/console-page'
import { dagEdge, dagNode, dragLink } from './support/dag-page'
import { addEmbeddedJobs } from './support/admin-session'
import { useHeadlessServer } from './support/headless-server'

// Issue 11 item 9: in Chinese, the console says the core's words in Chinese too — validation
// errors, a refused cycle, a run's routing trail, route-preview reasons, strategy names — and keeps
// the wire names (FIRST, SERIAL_EXECUTION, …) visible beside them.
const server = useHeadlessServer()
const NAMES = ['E2E 中文 A', 'E2E 中文 B', 'E2E 中文 C'] as const

test.describe.configure({ mode: 'serial' })
test.use({ viewport: { width: 1440, height: 900 } })

let ids: number[] = []

async function openInChinese(page: Page): Promise<void> {
  await openConsole(page, server())
  await chooseOption(page, page.getByTestId('language-switch'), '简体中文')
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN')
}

test('the job editor names strategies in Chinese with their wire names, and says validation errors in Chinese', async ({ page }) => {
  await openInChinese(page)
  await goTo(page, 'jobs')
  await page.getByTestId('job-new').click()
  const editor = page.getByTestId('job-editor-form')

  // Enum values: the name the console gives them, the wire name beside it.
  await expect(editor.getByTestId('field-scheduleType')).toContainText('CRON 表达式')
  await expect(editor.getByTestId('field-scheduleType')).toContainText('FIX_RATE')
  await expect(editor.getByTestId('field-misfireStrategy')).toHaveValue('忽略 (DO_NOTHING)')
  await expect(editor.getByTestId('field-executorRouteStrategy')).toHaveValue('第一个 (FIRST)')
  await expect(editor.getByTestId('field-executorBlockStrategy')).toHaveValue('单机串行 (SERIAL_EXECUTION)')
  const coverEarly = page.getByRole('option').filter({ has: page.locator('[data-wire="COVER_EARLY"]') })
  // In some full runs the select opened (aria-expanded) with no options drawn while the drawer was
  // still settling: click again until they show (a click on an open select closes it, the next opens it).
  await expect(async () => {
    await editor.getByTestId('field-executorBlockStrategy').click()
    await expect(coverEarly).toBeVisible({ timeout: 1500 })
  }).toPass({ timeout: 15_000 })
  await expect(coverEarly).toContainText('覆盖之前调度')
  await expect(coverEarly).toContainText('COVER_EARLY')
  await page.keyboard.press('Escape')
  await chooseWireOption(page, editor.getByTestId('field-executorRouteStrategy'), 'FAILOVER')
  await expect(editor.getByTestId('field-executorRouteStrategy')).toHaveValue('故障转移 (FAILOVER)')

  // The live check of the schedule: the core's cron rule, rendered from its code in Chinese.
  await editor.getByTestId('field-name').fill('E2E 中文校验')
  await editor.getByTestId('field-scheduleConf').fill('0 0 25 * * ?')
  const scheduleError = editor.getByTestId('schedule-error')
  await expect(scheduleError).toContainText('调度配置：“0 0 25 * * ?”的时字段：25 超出范围 0-23')

  // A rule checked when saving: a BEAN job without a handler.
  await editor.getByTestId('field-scheduleConf').fill('0 30 2 * * ?')
  await expect(scheduleError).toHaveCount(0)
  await editor.getByTestId('field-executorHandler').fill('')
  await editor.getByTestId('editor-save').click()
  await expect(editor).toContainText('JobHandler：BEAN 任务需要填写执行器 JobHandler 名称')
  await expect(editor).not.toContainText('a BEAN job needs')
})

test('a refused cycle link is explained in Chinese with its path drawn', async ({ page }) => {
  ids = await addEmbeddedJobs(server(), NAMES)
  await openInChinese(page)
  const [a, b, c] = ids

  await goTo(page, 'dag')
  for (const [parent, child] of [
    [a, b],
    [b, c],
  ]) {
    await dragLink(page, parent, child)
    const dialog = page.getByRole('dialog')
    // Link conditions too: the Chinese name with the wire name.
    await expect(dialog.getByRole('radio', { name: '成功时 SUCCESS' })).toBeChecked()
    await dialog.getByTestId('link-save').click()
    await expect(dagEdge(page, parent, child)).toHaveAttribute('data-condition', 'SUCCESS')
  }

  // A fresh DAG page lays out the whole chain (a re-layout after a link may still be under way).
  await goTo(page, 'jobs')
  await goTo(page, 'dag')
  // Refused as it is dropped: no condition is asked for a link that would close a cycle.
  await dragLink(page, c, a)
  const refusal = page.getByTestId('dag-refusal')
  await expect(refusal).toContainText('依赖被拒绝')
  await expect(refusal.getByTestId('dag-cycle-path')).toContainText(`它会形成此环路: #${a} ${NAMES[0]} → #${b} ${NAMES[1]} → #${c} ${NAMES[2]} → #${a}`)
  for (const id of ids) await expect(dagNode(page, id)).toHaveAttribute('data-mark', 'cycle')
  await expect(dagEdge(page, a, b)).toHaveAttribute('data-marked', 'true')
  await expect(dagEdge(page, b, c)).toHaveAttribute('data-marked', 'true')
  await expect(page.getByTestId(`rf__edge-refused-${c}-${a}`)).toHaveAttribute('data-refused', 'true')
})

test('a run’s routing trail and the route preview are in Chinese, wire names beside the names', async ({ page }) => {
  test.skip(ids.length !== NAMES.length, 'needs the jobs of the previous test')
  await openInChinese(page)
  await goTo(page, 'jobs')
  await jobRow(page, NAMES[0]).getByTestId('job-trigger').click()
  const dialog = page.getByRole('dialog')
  const preview = dialog.getByTestId('route-preview-reason')
  await expect(preview).toContainText('第一个')
  await expect(preview).toContainText('FIRST')
  await expect(preview).toContainText('按列表顺序取 1 个地址中的第一个。')
  await dialog.getByTestId('trigger-submit').click()

  const outcome = dialog.getByTestId('trigger-outcome')
  await expect(outcome).toHaveAttribute('data-state', 'accepted')
  await expect(outcome.getByTestId('trigger-outcome-reason')).toContainText('触发结果：执行器已接受（代码 200）')
  const link = outcome.getByTestId('trigger-run-link')
  const runId = /(\d+)/.exec((await link.textContent()) ?? '')?.[1]
  await link.click()

  const detail = page.getByTestId('run-detail')
  await expect(detail).toHaveAttribute('data-run-id', runId!)
  await expect(detail.getByTestId('run-trigger-type')).toContainText('手动触发')
  await expect(detail.getByTestId('run-trigger-type')).toContainText('MANUAL')
  const trail = detail.getByTestId('trigger-trail')
  await expect(trail).toHaveAttribute('data-result', 'triggerResult.accepted')
  await expect(trail.getByTestId('trail-group')).toContainText('jobdesk-embedded · 自动注册')
  await expect(trail.getByTestId('trail-route-strategy')).toContainText('第一个 FIRST')
  await expect(trail.getByTestId('trail-chosen')).toContainText('jobdesk://embedded/')
  await expect(trail.getByTestId('trail-reason')).toHaveText('按列表顺序取 1 个地址中的第一个。')
  await expect(trail.getByTestId('trail-block')).toContainText('单机串行 SERIAL_EXECUTION')
  await expect(trail.getByTestId('trail-block')).toContainText('不超时 · 剩余重试 0 次')
  await expect(trail.getByTestId('trail-result')).toContainText('执行器已接受（代码 200），耗时')
  // XXL-JOB's own English text stays one click away, as stored in trigger_msg.
  await expect(trail.getByTestId('run-trigger-msg')).toBeHidden()
  await trail.getByText('trigger_msg 中保存的原文（XXL-JOB 的文本）').click()
  await expect(trail.getByTestId('run-trigger-msg')).toBeVisible()
  await expect(trail.getByTestId('run-trigger-msg')).toContainText('Route strategy: FIRST')

  // The runs list names the trigger type the same way.
  await expect(page.locator(`[data-testid="run-row"][data-run-id="${runId}"]`)).toContainText('手动触发')
})
