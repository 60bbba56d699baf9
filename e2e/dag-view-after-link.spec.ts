import { expect, test, type Page } from '@playwright/test'
import { goTo, openConsole } from './support/console-page'
import { dagNode, fitDag } from './support/dag-page'
import { addEmbeddedJobs } from './support/admin-session'
import { dragOnto } from './support/drag-link'
import { useHeadlessServer } from './support/headless-server'

const server = useHeadlessServer()
const NAMES = ['E2E view A', 'E2E view B', 'E2E view C', 'E2E view D', 'E2E view E', 'E2E view F', 'E2E view G', 'E2E view H'] as const

test.describe.configure({ mode: 'serial' })
// The smallest screen the console is made for.
test.use({ viewport: { width: 1280, height: 720 } })

let ids: number[] = []

async function dropOnBody(page: Page, fromJobId: number, toJobId: number): Promise<void> {
  await dragOnto(page, dagNode(page, fromJobId).getByTestId('dag-handle-out'), dagNode(page, toJobId))
}

/**
 * A node's box on screen, or null while it is not rendered. A node out of view is not rendered at all
 * (onlyRenderVisibleElements): answer at once, so a poll asks again, instead of waiting out the
 * action timeout for an element that may never come.
 */
async function boxOf(page: Page, jobId: number): Promise<{ x: number; y: number; width: number; height: number } | null> {
  const element = dagNode(page, jobId)
  return (await element.count()) === 0 ? null : element.boundingBox()
}

/** Whether the node's whole box lies inside the canvas (toBeInViewport counts the window, not the canvas). */
async function insideCanvas(page: Page, jobId: number): Promise<boolean> {
  const canvas = (await page.getByTestId('dag-canvas').boundingBox())!
  const node = await boxOf(page, jobId)
  if (!node) return false
  return node.x >= canvas.x && node.y >= canvas.y && node.x + node.width <= canvas.x + canvas.width && node.y + node.height <= canvas.y + canvas.height
}

/**
 * Whether the link's own layout is on screen: the parent and the child in one row, the parent first
 * (the graph runs left to right). Before it, the two are in different rows of the grid of unlinked
 * jobs; the canvas says "current" of that grid's layout too, until the saved link reaches the page.
 */
async function shownLinked(page: Page, parentJobId: number, childJobId: number): Promise<boolean> {
  const [a, b] = [await boxOf(page, parentJobId), await boxOf(page, childJobId)]
  return a !== null && b !== null && Math.abs(a.y - b.y) < 1 && a.x + a.width < b.x
}

test('after a link the new child is in view, and Fit fits the re-laid-out graph at once', async ({ page }) => {
  ids = await addEmbeddedJobs(server(), NAMES)
  await openConsole(page, server())
  await goTo(page, 'dag')
  await fitDag(page)
  const first = ids[0]
  const last = ids[ids.length - 1]
  // The last job of the grid links to the first: both move into a new chain above the grid.
  await dropOnBody(page, last, first)
  await page.getByRole('dialog').getByTestId('link-save').click()
  await expect.poll(() => shownLinked(page, last, first)).toBe(true)
  await expect(page.getByTestId('dag-canvas')).toHaveAttribute('data-layout', 'current')
  await expect.poll(() => insideCanvas(page, first)).toBe(true)
  await expect.poll(() => insideCanvas(page, last)).toBe(true)

  // Fit used to wait for React Flow to measure the moved nodes, which it never did again.
  await page.getByTestId('dag-fit').click()
  for (const id of [1, 2, 3, ...ids]) await expect.poll(() => insideCanvas(page, id)).toBe(true)
})

test('the side panel opens beside the canvas and the clicked job stays in sight', async ({ page }) => {
  test.skip(ids.length !== NAMES.length, 'needs the jobs of the previous test')
  await openConsole(page, server())
  await goTo(page, 'dag')
  await fitDag(page)
  // The right-most job: where a panel over the canvas used to cover it.
  let rightmost = ids[0]
  let rightX = -Infinity
  for (const id of [1, 2, 3, ...ids]) {
    const box = (await dagNode(page, id).boundingBox())!
    if (box.x > rightX) [rightmost, rightX] = [id, box.x]
  }
  await dagNode(page, rightmost).click()
  const panel = page.getByTestId('dag-panel')
  await expect(panel).toHaveAttribute('data-job-id', String(rightmost))
  await expect.poll(() => insideCanvas(page, rightmost)).toBe(true)
  const canvas = (await page.getByTestId('dag-canvas').boundingBox())!
  const side = (await panel.boundingBox())!
  expect(side.x).toBeGreaterThanOrEqual(canvas.x + canvas.width)
})

/** The view's transform as React Flow draws it. */
function viewTransform(page: Page): Promise<string | null> {
  return page.locator('.react-flow__viewport').getAttribute('style')
}

/** Waits until the view stops moving (a reveal glides for 200 ms) and returns where it stopped. */
async function settledView(page: Page): Promise<string> {
  let last: string | null = null
  await expect
    .poll(async () => {
      const now = await viewTransform(page)
      const stable = now === last
      last = now
      return stable
    })
    .toBe(true)
  return last ?? ''
}

test('Fit asked while a new link is still being laid out frames the new layout, as a second Fit would', async ({ page }) => {
  test.skip(ids.length !== NAMES.length, 'needs the jobs of the first test')
  // Layout requests to the workers wait while the test holds them: the window between a saved link
  // and its layout, which on a large graph an operator's Fit falls into, made as long as needed.
  await page.addInitScript(() => {
    const post = Worker.prototype.postMessage
    const held: { worker: Worker; message: unknown }[] = []
    const hold = { on: false, release: () => held.splice(0).forEach(({ worker, message }) => post.call(worker, message)) }
    Object.assign(window, { layoutHold: hold })
    Worker.prototype.postMessage = function (this: Worker, message: unknown, options?: StructuredSerializeOptions | Transferable[]) {
      if (hold.on) held.push({ worker: this, message })
      else post.call(this, message, options as StructuredSerializeOptions)
    }
  })
  const setHold = (on: boolean) =>
    page.evaluate((on) => {
      const hold = (window as unknown as { layoutHold: { on: boolean; release(): void } }).layoutHold
      hold.on = on
      if (!on) hold.release()
    }, on)
  await openConsole(page, server())
  await goTo(page, 'dag')
  await fitDag(page)
  const [parent, child] = [ids[2], ids[3]]
  await setHold(true)
  await dropOnBody(page, parent, child)
  await page.getByRole('dialog').getByTestId('link-save').click()
  const canvas = page.getByTestId('dag-canvas')
  await expect(canvas).toHaveAttribute('data-layout', 'pending')
  await page.getByTestId('dag-fit').click()
  await expect(canvas).toHaveAttribute('data-fit', 'waiting')
  await setHold(false)
  await expect(canvas).toHaveAttribute('data-layout', 'current')
  await expect(canvas).not.toHaveAttribute('data-fit', 'waiting')
  await expect.poll(() => shownLinked(page, parent, child)).toBe(true)
  const firstFit = await settledView(page)
  await page.getByTestId('dag-fit').click()
  expect(await settledView(page), 'a second Fit moves the view: the first framed another layout').toBe(firstFit)
  for (const id of [1, 2, 3, ...ids]) await expect.poll(() => insideCanvas(page, id)).toBe(true)
})
