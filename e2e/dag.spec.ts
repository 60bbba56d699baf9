import { expect, test, type Page } from '@playwright/test'
import { createJob, goTo, jobIdOf, openConsole } from './support/console-page'
import { dagEdge, dagNode, dragLink, fitDag } from './support/dag-page'
import { useHeadlessServer } from './support/headless-server'

const server = useHeadlessServer()
const NAMES = ['E2E chain A', 'E2E chain B', 'E2E chain C'] as const

test.describe.configure({ mode: 'serial' })

let ids: number[] = []

async function linkByDrag(page: Page, parent: number, child: number): Promise<void> {
  await dragLink(page, parent, child)
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByTestId('link-dialog-pair')).toContainText(`#${parent}`)
  await expect(dialog.getByRole('radio', { name: 'On success' })).toBeChecked()
  await dialog.getByTestId('link-save').click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
}

test('three jobs are linked A → B → C by dragging in the DAG; C → A is refused with the cycle drawn', async ({ page }) => {
  await openConsole(page, server())
  await goTo(page, 'jobs')
  for (const name of NAMES) await createJob(page, { name, param: name })
  ids = await Promise.all(NAMES.map((name) => jobIdOf(page, name)))
  const [a, b, c] = ids

  await goTo(page, 'dag')
  for (const id of ids) await expect(dagNode(page, id)).toHaveAttribute('data-status', 'none')

  await linkByDrag(page, a, b)
  await expect(dagEdge(page, a, b)).toHaveAttribute('data-condition', 'SUCCESS')
  await linkByDrag(page, b, c)
  await expect(dagEdge(page, b, c)).toHaveAttribute('data-condition', 'SUCCESS')

  // The links are the core's: the child link section of B's editor lists C.
  await goTo(page, 'jobs')
  await page.locator(`[data-testid="job-row"][data-job-id="${b}"]`).getByTestId('job-edit').click()
  await expect(page.getByTestId('child-link-row')).toHaveCount(1)
  await expect(page.getByTestId('child-link-job')).toHaveValue(`#${c} ${NAMES[2]}`)
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('job-editor-form')).toHaveCount(0)

  await goTo(page, 'dag')
  await dragLink(page, c, a)
  // Refused before the link's kind is asked: no dialog opens.
  const refusal = page.getByTestId('dag-refusal')
  await expect(refusal.getByTestId('dag-cycle-early')).toBeVisible()
  await expect(page.getByTestId('link-save')).toHaveCount(0)
  await expect(refusal.getByTestId('dag-cycle-path')).toContainText(`#${a} ${NAMES[0]} → #${b} ${NAMES[1]} → #${c} ${NAMES[2]} → #${a}`)
  for (const id of ids) await expect(dagNode(page, id)).toHaveAttribute('data-mark', 'cycle')
  await expect(dagEdge(page, a, b)).toHaveAttribute('data-marked', 'true')
  await expect(dagEdge(page, b, c)).toHaveAttribute('data-marked', 'true')
  await expect(page.getByTestId(`rf__edge-refused-${c}-${a}`)).toHaveAttribute('data-refused', 'true')
  // Nothing was saved: closing the explanation removes the refused edge and the marks.
  await refusal.getByRole('button', { name: 'Close' }).click()
  await expect(page.getByTestId(`rf__edge-refused-${c}-${a}`)).toHaveCount(0)
  await expect(dagEdge(page, c, a)).toHaveCount(0)
  await expect(dagNode(page, a)).toHaveAttribute('data-mark', 'none')
})

test('triggering A turns A, B and C green in order in the DAG, and the runs show the chain', async ({ page }) => {
  test.skip(ids.length !== 3, 'needs the linked jobs of the previous test')
  const [a, b, c] = ids
  await openConsole(page, server())
  await goTo(page, 'dag')
  await fitDag(page)
  // Record the order in which the nodes turn green, as the DOM changes (no timing involved).
  await page.evaluate((jobIds) => {
    // The node tsconfig has no DOM types: the two DOM members used here, typed by hand.
    const dom = globalThis as unknown as {
      document: { body: unknown; querySelector(selector: string): { getAttribute(name: string): string | null } | null }
      MutationObserver: new (callback: () => void) => { observe(target: unknown, options: Record<string, unknown>): void }
    }
    const order: number[] = []
    Object.assign(globalThis, { e2eGreenOrder: order })
    const check = () => {
      for (const id of jobIds) {
        const node = dom.document.querySelector(`[data-testid="dag-node"][data-job-id="${id}"]`)
        if (node?.getAttribute('data-status') === 'success' && !order.includes(id)) order.push(id)
      }
    }
    new dom.MutationObserver(check).observe(dom.document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-status'] })
  }, ids)

  // The selection outline is a <style> of the DAG page's own: the main stylesheet must not override it.
  await expect(dagNode(page, a)).toHaveCSS('outline-style', 'none')
  await dagNode(page, a).click()
  await expect(page.getByTestId('dag-panel')).toHaveAttribute('data-job-id', String(a))
  await expect(dagNode(page, a)).toHaveCSS('outline-style', 'solid')
  await page.getByTestId('dag-trigger').click()
  await page.getByRole('dialog').getByTestId('trigger-submit').click()
  await expect(page.getByRole('dialog').getByTestId('trigger-run-link')).toHaveCount(1)
  await page.keyboard.press('Escape')

  for (const id of ids) await expect(dagNode(page, id)).toHaveAttribute('data-status', 'success', { timeout: 60_000 })
  expect(await page.evaluate(() => (globalThis as { e2eGreenOrder?: number[] }).e2eGreenOrder)).toEqual([a, b, c])
  // The panel's latest runs follow pushed changes.
  await expect(page.getByTestId('dag-panel-run').first().getByTestId('run-status')).toHaveAttribute('data-status', 'success')

  // In Runs: C's run was fired by B's, which was fired by A's.
  await goTo(page, 'runs')
  const runOf = (jobId: number) => page.locator(`[data-testid="run-row"][data-job-id="${jobId}"]`).first()
  for (const id of ids) await expect(runOf(id).getByTestId('run-status')).toHaveAttribute('data-status', 'success')
  const runIds = await Promise.all(ids.map(async (id) => Number(await runOf(id).getAttribute('data-run-id'))))
  expect(runIds[0]).toBeLessThan(runIds[1])
  expect(runIds[1]).toBeLessThan(runIds[2])
  await runOf(c).click()
  const detail = page.getByTestId('run-detail')
  await expect(detail.getByTestId('run-parent-link')).toHaveText(`#${runIds[1]}`)
  await expect(detail.getByText('Parent', { exact: true })).toBeVisible()

  // The whole chain, end to end, from C's run.
  await detail.getByTestId('run-show-chain').click()
  await expect(page.getByTestId('page-dag')).toBeVisible()
  await expect(page.getByTestId('dag-chain')).toHaveAttribute('data-run-count', '3')
  for (const id of ids) await expect(dagNode(page, id)).toHaveAttribute('data-mark', 'chain')
  await expect(dagEdge(page, a, b)).toHaveAttribute('data-marked', 'true')
  await expect(dagEdge(page, b, c)).toHaveAttribute('data-marked', 'true')
})
