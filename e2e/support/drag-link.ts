import type { Locator, Page } from '@playwright/test'

interface Point {
  x: number
  y: number
}

/** The middle of an element on screen; `what` names it when it is not on screen. */
export async function centreOf(element: Locator, what: string): Promise<Point> {
  const box = await element.boundingBox()
  if (!box) throw new Error(`${what} is not on screen`)
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 }
}

/**
 * The middle of an element once it stays put across two animation frames: after a link the editor
 * pans the view to keep the selection in sight, and a drag measured while it pans misses its target.
 */
async function settledCentreOf(page: Page, element: Locator, what: string): Promise<Point> {
  let last = await centreOf(element, what)
  for (let frames = 0; frames < 120; frames++) {
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
    const now = await centreOf(element, what)
    if (now.x === last.x && now.y === last.y) return now
    last = now
  }
  throw new Error(`${what} kept moving for 240 frames`)
}

/**
 * Drags from a handle onto a target (a node's body or its in-handle) with the mouse, as an operator
 * links two nodes. React Flow listens to pointer events, so the move goes in steps. The first step
 * goes toward the target: a step outward from a handle near the pane's edge sets off React Flow's
 * pan-on-connect, which moves the target away from where it was measured. The pointer that reaches
 * the target is moved once more to where the target is now (the view may have panned while the
 * pointer passed an edge), as an operator's eye follows it, and only then released.
 */
export async function dragOnto(page: Page, handle: Locator, target: Locator): Promise<void> {
  const start = await settledCentreOf(page, handle, 'the handle dragged from')
  const end = await settledCentreOf(page, target, 'the drop target')
  await page.mouse.move(start.x, start.y)
  await page.mouse.down()
  await page.mouse.move(start.x + (end.x - start.x) / 10, start.y + (end.y - start.y) / 10 + 10, { steps: 5 })
  await page.mouse.move(end.x, end.y, { steps: 15 })
  const settled = await centreOf(target, 'the drop target')
  await page.mouse.move(settled.x, settled.y, { steps: 3 })
  await page.mouse.up()
}
