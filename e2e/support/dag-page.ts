import { expect, type Locator, type Page } from '@playwright/test'

export function dagNode(page: Page, jobId: number): Locator {
  return page.locator(`[data-testid="dag-node"][data-job-id="${jobId}"]`)
}

/** The edge of a saved link (React Flow's `rf__edge-<id>` with the id the console gives links). */
export function dagEdge(page: Page, parentJobId: number, childJobId: number): Locator {
  return page.getByTestId(`rf__edge-link-${parentJobId}-${childJobId}`)
}

/** Fits the whole graph into view and waits until the view stops moving. */
export async function fitDag(page: Page): Promise<void> {
  await page.locator('.react-flow__controls-fitview').click()
  const viewport = page.locator('.react-flow__viewport')
  let last = ''
  await expect
    .poll(async () => {
      const now = (await viewport.getAttribute('style')) ?? ''
      const stable = now === last
      last = now
      return stable
    })
    .toBe(true)
}

/**
 * Drags from a job's out-handle to another job's in-handle with the mouse, as an operator does
 * (React Flow listens to pointer events; the move goes in steps so it sees the drag).
 */
export async function dragLink(page: Page, fromJobId: number, toJobId: number): Promise<void> {
  await fitDag(page)
  const from = await dagNode(page, fromJobId).getByTestId('dag-handle-out').boundingBox()
  const to = await dagNode(page, toJobId).getByTestId('dag-handle-in').boundingBox()
  if (!from || !to) throw new Error(`a handle of job ${fromJobId} or ${toJobId} is not on screen`)
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2)
  await page.mouse.down()
  await page.mouse.move(from.x + from.width / 2 + 30, from.y + from.height / 2 + 10, { steps: 5 })
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 15 })
  await page.mouse.up()
}
