import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test, type Locator, type Page } from '@playwright/test'
import { createJob, goTo, jobIdOf, openConsole } from './support/console-page'
import { dragOnto } from './support/drag-link'
import { useHeadlessServer } from './support/headless-server'

const HANDLERS = fileURLToPath(new URL('./handlers', import.meta.url))
const server = useHeadlessServer({ extraArgs: ['--handlers', HANDLERS] })
test.use({ viewport: { width: 1440, height: 900 } })

const editorNode = (page: Page, key: string): Locator => page.locator(`[data-testid="flow-node"][data-key="${key}"]`)
const runNode = (page: Page, key: string): Locator => page.locator(`[data-testid="flow-run-node"][data-key="${key}"]`)

/**
 * Opens a node of the run view in the side panel. A toast of the run's own news (a failure, an
 * approval asked for) may lie over the canvas's edge for its 10 s: the click goes again until the
 * panel shows the node.
 */
async function openRunNode(page: Page, key: string): Promise<void> {
  await expect(async () => {
    await runNode(page, key).click({ timeout: 2000 })
    await expect(page.getByTestId('flow-node-panel')).toHaveAttribute('data-key', key, { timeout: 1000 })
  }).toPass({ timeout: 20_000 })
}

/** Picks a job in the palette's searchable picker: the editor adds it as a node at once. */
async function addJobNode(page: Page, jobId: number, name: string): Promise<void> {
  const picker = page.getByTestId('flow-add-job')
  await picker.click()
  await picker.fill(name)
  // The list first shows the answer for the empty search (every job), then the one for the name:
  // a click while the second replaces the first can miss, so wait until only the named job is offered.
  await expect(page.getByRole('option')).toHaveCount(1)
  await page.getByRole('option', { name: `#${jobId} ${name}` }).click()
}

/** Drags from a node's out-handle onto another node's body, as an operator links two nodes. */
async function link(page: Page, from: string, to: string): Promise<void> {
  await dragOnto(page, editorNode(page, from).getByTestId('flow-handle-out'), editorNode(page, to))
}

test('an operator builds a flow by dragging, runs it, watches it live, retries the failed node and approves', async ({ page }) => {
  const marker = join(mkdtempSync(join(tmpdir(), 'jobdesk-e2e-flow-')), 'failed-once')
  await openConsole(page, server())
  await goTo(page, 'jobs')
  await createJob(page, { name: 'Flow extract', handler: 'echoJobHandler', param: 'rows=42' })
  await createJob(page, { name: 'Flow check', handler: 'e2eFailOnce', param: marker })
  await createJob(page, { name: 'Flow load', handler: 'echoJobHandler' })
  const [extract, check, load] = await Promise.all(['Flow extract', 'Flow check', 'Flow load'].map((name) => jobIdOf(page, name)))

  // The editor: three job nodes and an approval, linked by dragging.
  await goTo(page, 'flows')
  await page.getByTestId('flows-empty-new').click()
  await expect(page.getByTestId('flow-editor')).toBeVisible()
  await page.getByTestId('flow-tab-settings').click()
  await page.getByTestId('flow-field-name').fill('E2E nightly')
  await page.getByTestId('flow-tab-graph').click()
  await addJobNode(page, extract, 'Flow extract')
  await addJobNode(page, check, 'Flow check')
  await page.getByTestId('flow-add-approval').click()
  await addJobNode(page, load, 'Flow load')
  const keys = await page.getByTestId('flow-node').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-key')!))
  expect(keys).toHaveLength(4)
  const [extractKey, checkKey, gateKey, loadKey] = ['flow_extract', 'flow_check', 'approval', 'flow_load']
  expect(keys.sort()).toEqual([extractKey, checkKey, gateKey, loadKey].sort())
  await page.getByTestId('flow-fit').click()
  await link(page, extractKey, checkKey)
  await link(page, checkKey, gateKey)
  await link(page, gateKey, loadKey)
  // A link back up would close a cycle: refused, naming it.
  await link(page, loadKey, extractKey)
  await expect(page.getByTestId('flow-cycle-path')).toContainText(extractKey)

  // The load node passes the extract's output on.
  await editorNode(page, loadKey).click()
  const panel = page.getByTestId('flow-node-panel')
  await expect(panel).toHaveAttribute('data-key', loadKey)
  await panel.locator(`[data-testid="flow-param-ref"][data-ref="\${nodes.${extractKey}.output}"]`).click()
  await expect(panel.getByTestId('flow-node-param')).toHaveValue(`\${nodes.${extractKey}.output}`)
  // The clicked node stays visible beside the panel.
  await expect(editorNode(page, loadKey)).toBeInViewport()
  await page.getByTestId('flow-editor-save').click()

  // The Flows page lists it; run it.
  const row = page.getByTestId('flow-row').filter({ hasText: 'E2E nightly' })
  await expect(row).toHaveCount(1)
  await row.getByTestId('flow-run').click()
  await page.getByTestId('flow-trigger-submit').click()
  await page.getByTestId('flow-trigger-open').click()

  // Live: the check fails the first time, the run fails with the approval and the load not reached.
  await expect(page.getByTestId('flow-run-header')).toBeVisible()
  await expect(runNode(page, extractKey)).toHaveAttribute('data-flow-state', 'success')
  await expect(runNode(page, checkKey)).toHaveAttribute('data-flow-state', 'failed')
  await expect(runNode(page, loadKey)).toHaveAttribute('data-flow-state', 'upstream_failed')
  await expect(page.getByTestId('flow-run-header').getByTestId('flow-run-state')).toHaveAttribute('data-flow-state', 'failed')

  // Retry from the failure: the check runs again and succeeds; the run waits for its approval.
  await page.getByTestId('flow-run-retry').click()
  await page.getByRole('dialog').getByRole('button', { name: /retry/i }).click()
  await expect(runNode(page, checkKey)).toHaveAttribute('data-flow-state', 'success')
  await expect(runNode(page, gateKey)).toHaveAttribute('data-flow-state', 'waiting')
  await expect(page.getByTestId('flow-run-header').getByTestId('flow-run-state')).toHaveAttribute('data-flow-state', 'waiting')
  await expect(runNode(page, extractKey)).toHaveAttribute('data-flow-state', 'success')

  // Approve with a comment: the load runs with the extract's output, and the run succeeds.
  await openRunNode(page, gateKey)
  await page.getByTestId('flow-node-approve').click()
  await page.getByTestId('flow-decide-comment').fill('looks right')
  await page.getByTestId('flow-decide-confirm').click()
  await expect(runNode(page, loadKey)).toHaveAttribute('data-flow-state', 'success')
  await expect(page.getByTestId('flow-run-header').getByTestId('flow-run-state')).toHaveAttribute('data-flow-state', 'success')
  await openRunNode(page, loadKey)
  await expect(page.getByTestId('flow-node-panel')).toContainText('rows=42')
  // The approval's panel tells its own facts (who decided, their comment), not job runs it never has.
  await openRunNode(page, gateKey)
  await expect(page.getByTestId('flow-node-decision')).toContainText('Approved by')
  await expect(page.getByTestId('flow-node-decision-comment')).toHaveText('looks right')
  await expect(page.getByTestId('flow-node-panel').getByTestId('flow-node-runs')).toHaveCount(0)
  await page
    .getByTestId('flow-run-tabs')
    .getByText(/timeline/i)
    .click()
  await expect(page.getByTestId('flow-timeline-row')).toHaveCount(4)
  // The retried check shows both tries: the failed first one, then the one that succeeded.
  const checkBars = page.locator(`[data-testid="flow-timeline-row"][data-key="${checkKey}"] [data-testid="flow-timeline-bar"]`)
  await expect(checkBars).toHaveCount(2)
  await expect(checkBars.nth(0)).toHaveAttribute('data-flow-state', 'failed')
  await expect(checkBars.nth(0)).toHaveAttribute('data-attempt', '1')
  await expect(checkBars.nth(1)).toHaveAttribute('data-flow-state', 'success')
  // Every node's bar is drawn, however short (an echo takes a few ms).
  for (const key of [extractKey, checkKey, gateKey, loadKey]) {
    const bar = page.locator(`[data-testid="flow-timeline-row"][data-key="${key}"] [data-testid="flow-timeline-bar"]`).last()
    expect((await bar.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(3)
  }
})
