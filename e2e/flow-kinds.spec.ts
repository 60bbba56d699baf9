import { expect, test, type Locator, type Page } from '@playwright/test'
import { addEmbeddedJobs, tokenBridgeCalls } from './support/admin-session'
import { chooseOption, goTo, openConsole } from './support/console-page'
import { dragOnto } from './support/drag-link'
import { useHeadlessServer } from './support/headless-server'
import type { Flow } from '../src/shared/flow-types'

/**
 * The flow editor's newer node kinds, built by hand in Chromium: a switch with its cases, a
 * sub-flow with its parameter, a fan-out job node. Each is saved, its stored definition read back
 * over the bridge, and the editor opened again shows the same.
 */
const server = useHeadlessServer()
test.use({ viewport: { width: 1440, height: 900 } })

const editorNode = (page: Page, key: string): Locator => page.locator(`[data-testid="flow-node"][data-key="${key}"]`)
const panel = (page: Page): Locator => page.getByTestId('flow-node-panel')

async function addJobNode(page: Page, jobId: number, name: string): Promise<void> {
  const picker = page.getByTestId('flow-add-job')
  await picker.click()
  await picker.fill(name)
  await expect(page.getByRole('option')).toHaveCount(1)
  await page.getByRole('option', { name: `#${jobId} ${name}` }).click()
}

/**
 * Selects a node for its panel. A switch's edge labels lie over the canvas between nodes, and the
 * view pans to keep a selection in sight: the click goes again until the panel shows the node.
 */
async function select(page: Page, key: string): Promise<Locator> {
  await expect(async () => {
    await editorNode(page, key).click({ timeout: 2000 })
    await expect(panel(page)).toHaveAttribute('data-key', key, { timeout: 1000 })
  }).toPass({ timeout: 20_000 })
  return panel(page)
}

async function link(page: Page, from: string, to: string): Promise<void> {
  await dragOnto(page, editorNode(page, from).getByTestId('flow-handle-out'), editorNode(page, to))
  await expect(page.locator(`.react-flow__edge[data-id="${from}>${to}"]`)).toHaveCount(1)
}

async function newFlow(page: Page, name: string): Promise<void> {
  await goTo(page, 'flows')
  // The first flow is made from the empty page's button, later ones from the list's.
  await page.getByTestId('flows-new').or(page.getByTestId('flows-empty-new')).first().click()
  await expect(page.getByTestId('flow-editor')).toBeVisible()
  await page.getByTestId('flow-field-name').fill(name)
}

/** Saves, and resolves with the flow as stored. */
async function saveFlow(page: Page, name: string): Promise<Flow> {
  await page.getByTestId('flow-editor-save').click()
  const row = page.getByTestId('flow-row').filter({ hasText: name })
  const refused = page.getByTestId('flow-editor-error')
  await expect(row.or(refused).first()).toBeVisible()
  if (await refused.isVisible()) {
    throw new Error(`the save was refused: ${await refused.innerText()}`)
  }
  const id = Number(await row.getAttribute('data-flow-id'))
  return tokenBridgeCalls(server().origin, server().token, (call) => call('getFlow', id))
}

async function reopen(page: Page, name: string): Promise<void> {
  await page.getByTestId('flow-row').filter({ hasText: name }).getByTestId('flow-edit').click()
  await expect(page.getByTestId('flow-editor')).toBeVisible()
  await expect(page.getByTestId('flow-node').first()).toBeVisible()
}

const edgeLabels = (page: Page) => page.locator('.react-flow__edge-text').allTextContents()

test('a switch: cases built by hand pick among its children, and come back the same', async ({ page }) => {
  const [check, big, small] = await addEmbeddedJobs(server(), ['Switch check', 'Switch big', 'Switch small'])
  await openConsole(page, server())
  await newFlow(page, 'E2E switch')
  await addJobNode(page, check, 'Switch check')
  await page.getByTestId('flow-add-switch').click()
  await addJobNode(page, big, 'Switch big')
  await addJobNode(page, small, 'Switch small')
  await page.getByTestId('flow-fit').click()
  await expect(editorNode(page, 'switch')).toHaveAttribute('data-kind', 'switch')
  await link(page, 'switch_check', 'switch')
  await link(page, 'switch', 'switch_big')
  await link(page, 'switch', 'switch_small')

  await select(page, 'switch')
  await expect(panel(page)).toHaveAttribute('data-kind', 'switch')
  // Case 1: the check's output equals "big" → switch_big (the first child is offered first).
  await panel(page).getByTestId('flow-switch-add-case').click()
  const first = panel(page).getByTestId('flow-switch-case').nth(0)
  await first.locator('[data-testid="flow-param-ref"][data-ref="${nodes.switch_check.output}"]').click()
  await expect(first.getByTestId('flow-switch-value')).toHaveValue('${nodes.switch_check.output}')
  await first.getByTestId('flow-switch-operand').fill('big')
  await expect(first.getByTestId('flow-switch-to')).toHaveValue('switch_big')
  // Case 2: greater than 100 → switch_small; a child linked later is a choice as soon as it is linked.
  await panel(page).getByTestId('flow-switch-add-case').click()
  const second = panel(page).getByTestId('flow-switch-case').nth(1)
  await second.getByTestId('flow-switch-value').fill('${nodes.switch_check.output}')
  await chooseOption(page, second.getByTestId('flow-switch-operator'), 'greater than')
  await second.getByTestId('flow-switch-operand').fill('100')
  await chooseOption(page, second.getByTestId('flow-switch-to'), 'switch_small')
  await chooseOption(page, panel(page).getByTestId('flow-switch-default'), 'switch_small')
  // Each edge of the switch says which case picks its child.
  await expect.poll(async () => (await edgeLabels(page)).sort()).toEqual(['case 1', 'case 2 · Default branch'])

  const saved = await saveFlow(page, 'E2E switch')
  const expected = {
    key: 'switch',
    kind: 'switch',
    cases: [
      { when: { value: '${nodes.switch_check.output}', equals: 'big' }, to: 'switch_big' },
      { when: { value: '${nodes.switch_check.output}', gt: 100 }, to: 'switch_small' },
    ],
    default: 'switch_small',
  }
  expect(saved.nodes.find((node) => node.key === 'switch')).toMatchObject(expected)
  expect(saved.edges).toEqual(
    expect.arrayContaining([
      { from: 'switch', to: 'switch_big' },
      { from: 'switch', to: 'switch_small' },
    ]),
  )

  await reopen(page, 'E2E switch')
  await expect.poll(async () => (await edgeLabels(page)).sort()).toEqual(['case 1', 'case 2 · Default branch'])
  await select(page, 'switch')
  const cases = panel(page).getByTestId('flow-switch-case')
  await expect(cases).toHaveCount(2)
  await expect(cases.nth(0).getByTestId('flow-switch-operand')).toHaveValue('big')
  await expect(cases.nth(1).getByTestId('flow-switch-operator')).toHaveValue('greater than')
  await expect(cases.nth(1).getByTestId('flow-switch-operand')).toHaveValue('100')
  await expect(panel(page).getByTestId('flow-switch-default')).toHaveValue('switch_small')
  await expect(page.getByTestId('flow-editor-dirty')).toHaveCount(0)

  // Removing a branch drops the case that picked it: the draft never names a node it lacks.
  await select(page, 'switch_big')
  await panel(page).getByTestId('flow-node-delete').click()
  await select(page, 'switch')
  await expect(panel(page).getByTestId('flow-switch-case')).toHaveCount(1)
})

test('a sub-flow: another flow as one step, with a parameter from the references helper, comes back the same', async ({ page }) => {
  const [prep, report] = await addEmbeddedJobs(server(), ['Sub prep', 'Sub report'])
  const child = await tokenBridgeCalls(server().origin, server().token, (call) =>
    call('addFlow', { name: 'E2E month end', nodes: [{ key: 'report', kind: 'job', jobId: report }], edges: [] }),
  )
  await openConsole(page, server())
  await newFlow(page, 'E2E parent')
  await addJobNode(page, prep, 'Sub prep')
  await chooseOption(page, page.getByTestId('flow-add-subflow'), `#${child.id} E2E month end`)
  await expect(editorNode(page, 'e2e_month_end')).toHaveAttribute('data-kind', 'subflow')
  await expect(editorNode(page, 'e2e_month_end')).toContainText('E2E month end')
  await page.getByTestId('flow-fit').click()
  await link(page, 'sub_prep', 'e2e_month_end')
  await select(page, 'e2e_month_end')
  await expect(panel(page)).toHaveAttribute('data-kind', 'subflow')
  await expect(panel(page).getByTestId('flow-node-subflow')).toHaveValue(`#${child.id} E2E month end`)
  await panel(page).locator('[data-testid="flow-param-ref"][data-ref="${nodes.sub_prep.output}"]').click()
  await expect(panel(page).getByTestId('flow-node-param')).toHaveValue('${nodes.sub_prep.output}')

  const saved = await saveFlow(page, 'E2E parent')
  expect(saved.nodes).toMatchObject([
    { key: 'sub_prep', kind: 'job', jobId: prep, triggerRule: 'all_success' },
    { key: 'e2e_month_end', kind: 'subflow', flowId: child.id, param: '${nodes.sub_prep.output}', triggerRule: 'all_success' },
  ])
  expect(saved.edges).toEqual([{ from: 'sub_prep', to: 'e2e_month_end' }])

  await reopen(page, 'E2E parent')
  await select(page, 'e2e_month_end')
  await expect(panel(page).getByTestId('flow-node-subflow')).toHaveValue(`#${child.id} E2E month end`)
  await expect(panel(page).getByTestId('flow-node-param')).toHaveValue('${nodes.sub_prep.output}')
  // A flow is not offered as its own step.
  await panel(page).getByTestId('flow-node-subflow').click()
  await expect(page.getByRole('option', { name: /E2E parent/ })).toHaveCount(0)
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('flow-editor-dirty')).toHaveCount(0)
})

test('a fan-out: a job node runs once per item, its item references offered only then, and comes back the same', async ({ page }) => {
  const [each] = await addEmbeddedJobs(server(), ['Fan each'])
  await openConsole(page, server())
  await newFlow(page, 'E2E fan-out')
  await addJobNode(page, each, 'Fan each')
  await select(page, 'fan_each')
  const refs = () => panel(page).getByTestId('flow-param-refs').getByTestId('flow-param-ref')
  await expect(refs()).toHaveCount(1)
  await panel(page).getByTestId('flow-node-foreach-on').click()
  await expect(panel(page).getByTestId('flow-node-foreach')).toHaveValue('${flow.param}')
  await expect(refs()).toHaveCount(3)
  await panel(page).locator('[data-testid="flow-param-refs"] [data-ref="${item}"]').click()
  await expect(panel(page).getByTestId('flow-node-param')).toHaveValue('${item}')
  await panel(page).getByTestId('flow-node-foreach-concurrency').fill('5')
  await panel(page).getByTestId('flow-node-foreach-rule').getByText('Any item succeeds').click()
  await expect(editorNode(page, 'fan_each').getByTestId('flow-node-foreach')).toHaveText('for each × 5')

  const saved = await saveFlow(page, 'E2E fan-out')
  expect(saved.nodes).toMatchObject([
    {
      key: 'fan_each',
      kind: 'job',
      jobId: each,
      param: '${item}',
      forEach: '${flow.param}',
      forEachConcurrency: 5,
      forEachRule: 'any',
      triggerRule: 'all_success',
    },
  ])

  await reopen(page, 'E2E fan-out')
  await expect(editorNode(page, 'fan_each').getByTestId('flow-node-foreach')).toHaveText('for each × 5')
  await select(page, 'fan_each')
  await expect(panel(page).getByTestId('flow-node-foreach')).toHaveValue('${flow.param}')
  await expect(panel(page).getByTestId('flow-node-foreach-concurrency')).toHaveValue('5')
  await expect(panel(page).getByTestId('flow-node-param')).toHaveValue('${item}')
  await expect(page.getByTestId('flow-editor-dirty')).toHaveCount(0)
  // Off again: the item references go with the fan-out.
  await panel(page).getByTestId('flow-node-foreach-on').click()
  await expect(refs()).toHaveCount(1)
})
