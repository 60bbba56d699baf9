import { expect, test, type Locator, type Page } from '@playwright/test'
import { addEmbeddedJobs, tokenBridgeCalls } from './support/admin-session'
import { goTo, openConsole } from './support/console-page'
import { useHeadlessServer } from './support/headless-server'
import type { FlowInput, FlowRun } from '../src/shared/flow-types'

/**
 * The run view of the newer node kinds, on runs the engine made: a sub-flow node links to its
 * child run and the child run back to its parent; a fan-out node lists its items.
 */
const server = useHeadlessServer()
test.use({ viewport: { width: 1440, height: 900 } })

const runNode = (page: Page, key: string): Locator => page.locator(`[data-testid="flow-run-node"][data-key="${key}"]`)
const header = (page: Page): Locator => page.getByTestId('flow-run-header')

/** Saves a flow over the bridge (a refusal fails the test with the core's reason). */
function addFlow(input: FlowInput): Promise<{ id: number }> {
  return tokenBridgeCalls(server().origin, server().token, (call) => call('addFlow', input))
}

function getFlowRun(id: number): Promise<FlowRun> {
  return tokenBridgeCalls(server().origin, server().token, (call) => call('getFlowRun', id))
}

/** Runs the flow from its row and opens the run's view; resolves with the run's id. */
async function runAndOpen(page: Page, name: string): Promise<number> {
  await goTo(page, 'flows')
  await page.getByTestId('flow-row').filter({ hasText: name }).getByTestId('flow-run').click()
  await page.getByTestId('flow-trigger-submit').click()
  await page.getByTestId('flow-trigger-open').click()
  await expect(header(page)).toBeVisible()
  return Number(await header(page).getAttribute('data-flow-run-id'))
}

async function openRunNode(page: Page, key: string): Promise<Locator> {
  const panel = page.getByTestId('flow-node-panel')
  await expect(async () => {
    await runNode(page, key).click({ timeout: 2000 })
    await expect(panel).toHaveAttribute('data-key', key, { timeout: 1000 })
  }).toPass({ timeout: 20_000 })
  return panel
}

test('a sub-flow node links to its child run, and the child run back to the run and node it is part of', async ({ page }) => {
  const [prep, report] = await addEmbeddedJobs(server(), ['Run prep', 'Run report'])
  const child = await addFlow({ name: 'Run month end', nodes: [{ key: 'report', kind: 'job', jobId: report }], edges: [] })
  await addFlow({
    name: 'Run parent',
    nodes: [
      { key: 'prep', kind: 'job', jobId: prep },
      { key: 'month_end', kind: 'subflow', flowId: child.id },
    ],
    edges: [{ from: 'prep', to: 'month_end' }],
  })

  await openConsole(page, server())
  const parentRunId = await runAndOpen(page, 'Run parent')
  await expect(header(page).getByTestId('flow-run-state')).toHaveAttribute('data-flow-state', 'success')
  await expect(runNode(page, 'month_end')).toHaveAttribute('data-kind', 'subflow')
  await expect(runNode(page, 'month_end')).toContainText('Run month end')
  const panel = await openRunNode(page, 'month_end')
  const childRunId = (await getFlowRun(parentRunId)).nodes.find((node) => node.key === 'month_end')!.subflowRunId!
  await expect(panel.getByTestId('flow-node-subflow-link')).toHaveText(`Flow run #${childRunId}`)
  // An engine node has no job runs of its own: the panel lists none.
  await expect(panel.getByTestId('flow-node-runs')).toHaveCount(0)

  await panel.getByTestId('flow-node-subflow-link').click()
  await expect(header(page)).toHaveAttribute('data-flow-run-id', String(childRunId))
  const back = header(page).getByTestId('flow-run-parent-link')
  await expect(back).toHaveText(`flow “Run parent” run #${parentRunId}, node month_end`)
  await back.click()
  await expect(header(page)).toHaveAttribute('data-flow-run-id', String(parentRunId))
})

test('a fan-out node lists its items with their counts, runs and outputs', async ({ page }) => {
  const [each] = await addEmbeddedJobs(server(), ['Run each'])
  const items = Array.from({ length: 60 }, (_, i) => `item-${i}`)
  await addFlow({
    name: 'Run fan-out',
    nodes: [{ key: 'each', kind: 'job', jobId: each, forEach: JSON.stringify(items), forEachConcurrency: 10, param: 'p=${item}' }],
    edges: [],
  })

  await openConsole(page, server())
  const runId = await runAndOpen(page, 'Run fan-out')
  await expect(header(page).getByTestId('flow-run-state')).not.toHaveAttribute('data-flow-state', /running|queued/, { timeout: 60_000 })
  const node = (await getFlowRun(runId)).nodes.find((n) => n.key === 'each')!
  expect(node.items ?? []).toHaveLength(60)

  await expect(runNode(page, 'each').getByTestId('flow-run-node-items')).toHaveText('60 of 60 items done')
  const panel = await openRunNode(page, 'each')
  const list = panel.getByTestId('flow-node-items')
  await expect(list).toHaveAttribute('data-total', '60')
  await expect(list.getByTestId('flow-node-items-counts')).toHaveText('60 done · 0 running · 0 failed · of 60')
  // A page at a time: 50 rows, then the last 10.
  await expect(list.getByTestId('flow-node-item')).toHaveCount(50)
  const first = list.getByTestId('flow-node-item').first()
  await expect(first).toHaveAttribute('data-index', '0')
  await expect(first.getByTestId('flow-node-item-run')).toHaveText(`#${node.items![0].runIds.at(-1)}`)
  await list.getByTestId('flow-node-items-pages').getByRole('button', { name: '2' }).click()
  await expect(list.getByTestId('flow-node-item')).toHaveCount(10)
  await expect(list.getByTestId('flow-node-item').first()).toHaveAttribute('data-index', '50')
  await list.getByTestId('flow-node-items-filter').getByText('Failed only').click()
  await expect(list.getByTestId('flow-node-item')).toHaveCount(0)
})
