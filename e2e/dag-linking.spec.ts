import { expect, test, type Page } from '@playwright/test'
import { goTo, openConsole } from './support/console-page'
import { dagEdge, dagNode, fitDag } from './support/dag-page'
import { addEmbeddedJobs } from './support/admin-session'
import { centreOf, dragOnto } from './support/drag-link'
import { useHeadlessServer } from './support/headless-server'

const server = useHeadlessServer()
const NAMES = ['E2E body A', 'E2E body B', 'E2E body C', 'E2E body D', 'E2E body E', 'E2E body F'] as const

test.describe.configure({ mode: 'serial' })
test.use({ viewport: { width: 1440, height: 900 } })

let ids: number[] = []

/** Drags from a job's out-handle and drops on the middle of another job's body (not on its handle). */
async function dropOnBody(page: Page, fromJobId: number, toJobId: number): Promise<void> {
  await dragOnto(page, dagNode(page, fromJobId).getByTestId('dag-handle-out'), dagNode(page, toJobId))
}

function centreOfJob(page: Page, jobId: number): Promise<{ x: number; y: number }> {
  return centreOf(dagNode(page, jobId), `job ${jobId}'s node`)
}

test('unlinked jobs are laid out in a grid, not one long row', async ({ page }) => {
  ids = await addEmbeddedJobs(server(), NAMES)
  await openConsole(page, server())
  await goTo(page, 'dag')
  await fitDag(page)
  // Nine unlinked jobs (three demos and six new ones): at least three rows, none wider than the view.
  const tops = new Set<number>()
  for (const id of [1, 2, 3, ...ids]) tops.add(Math.round((await dagNode(page, id).boundingBox())!.y))
  expect(tops.size).toBeGreaterThanOrEqual(3)
  for (const id of ids) await expect(dagNode(page, id)).toBeInViewport()
})

test('a drop anywhere on the target job links it, and the view stays put afterwards; Fit shows everything', async ({ page }) => {
  test.skip(ids.length !== NAMES.length, 'needs the jobs of the previous test')
  const [a, b, c] = ids
  await openConsole(page, server())
  await goTo(page, 'dag')
  await fitDag(page)
  const watched = await centreOfJob(page, a)

  await dropOnBody(page, a, b)
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByTestId('link-dialog-pair')).toContainText(`#${a}`)
  await expect(dialog.getByTestId('link-dialog-pair')).toContainText(`#${b}`)
  await dialog.getByTestId('link-save').click()
  await expect(dagEdge(page, a, b)).toHaveAttribute('data-condition', 'SUCCESS')
  // The graph re-laid itself out, but the job the operator dragged from is still where it was.
  await expect
    .poll(async () => {
      const now = await centreOfJob(page, a)
      return Math.max(Math.abs(now.x - watched.x), Math.abs(now.y - watched.y))
    })
    .toBeLessThan(3)

  await expect(page.getByTestId('dag-canvas')).toHaveAttribute('data-layout', 'current')
  await dropOnBody(page, b, c)
  await page.getByRole('dialog').getByTestId('link-save').click()
  await expect(dagEdge(page, b, c)).toHaveCount(1)
  await page.getByTestId('dag-fit').click()
  for (const id of [1, 2, 3, ...ids]) await expect(dagNode(page, id)).toBeInViewport()
  // Linked jobs are drawn as layers, left to right.
  expect((await centreOfJob(page, a)).x).toBeLessThan((await centreOfJob(page, b)).x)
  expect((await centreOfJob(page, b)).x).toBeLessThan((await centreOfJob(page, c)).x)
})

test('a refused cycle is explained once', async ({ page }) => {
  test.skip(ids.length !== NAMES.length, 'needs the links of the previous test')
  const [a, b, c] = ids
  await openConsole(page, server())
  await goTo(page, 'dag')
  await fitDag(page)
  await dropOnBody(page, c, a)
  // Refused before the link's kind is asked: no dialog opens.
  const refusal = page.getByTestId('dag-refusal')
  await expect(refusal.getByTestId('dag-cycle-early')).toBeVisible()
  await expect(page.getByTestId('link-save')).toHaveCount(0)
  await expect(refusal.getByTestId('dag-cycle-path')).toContainText(`#${a} ${NAMES[0]} → #${b} ${NAMES[1]} → #${c} ${NAMES[2]} → #${a}`)
  // One explanation: the path is not repeated in a second message.
  await expect(refusal.getByText(/→/)).toHaveCount(1)
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0)
})
