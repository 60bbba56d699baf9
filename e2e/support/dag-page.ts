import { expect, type Locator, type Page } from '@playwright/test'
import { dragOnto } from './drag-link'

export function dagNode(page: Page, jobId: number): Locator {
  return page.locator(`[data-testid="dag-node"][data-job-id="${jobId}"]`)
}

/** The edge of a saved link (React Flow's `rf__edge-<id>` with the id the console gives links). */
export function dagEdge(page: Page, parentJobId: number, childJobId: number): Locator {
  return page.getByTestId(`rf__edge-link-${parentJobId}-${childJobId}`)
}

/** Fits the whole graph into view and waits until the view stops moving. */
export async function fitDag(page: Page): Promise<void> {
  // A new link or job is laid out in a worker: wait for the layout of what is shown.
  await expect(page.getByTestId('dag-canvas')).toHaveAttribute('data-layout', 'current')
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
  await dragOnto(page, dagNode(page, fromJobId).getByTestId('dag-handle-out'), dagNode(page, toJobId).getByTestId('dag-handle-in'))
}
