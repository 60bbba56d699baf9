// Functions that run inside the page for B7a (passed to page.evaluate): self-contained, no imports.
// Each defines what it needs inside (only the function's own text reaches the page). The node tsconfig has no DOM types, so the few DOM members used are declared here, for this file only.
declare const document: {
  querySelector(selector: string): ProbeElement | null
  querySelectorAll(selector: string): ArrayLike<ProbeElement> & { length: number }
}
declare const window: object
declare function getComputedStyle(element: ProbeElement): { outlineStyle: string }
declare function requestAnimationFrame(callback: (timeMs: number) => void): number
declare const performance: { now(): number }
declare const MouseEvent: new (type: string, init: Record<string, unknown>) => unknown
declare const WheelEvent: new (type: string, init: Record<string, unknown>) => unknown

interface ProbeElement {
  click(): void
  getAttribute(name: string): string | null
  setAttribute(name: string, value: string): void
  dispatchEvent(event: unknown): boolean
  getBoundingClientRect(): { left: number; top: number; width: number; height: number }
}

/**
 * Pans and zooms the React Flow view for `durationMs` the way d3-zoom sees a mouse: a drag that
 * moves 14 px per frame (turning back every 40 frames), and every 20th frame a wheel step
 * (alternately in and out). Returns the frame intervals (ms) and the most nodes that were in the DOM.
 */
export async function samplePanZoom(args: { paneSelector: string; durationMs: number }): Promise<{ intervals: number[]; maxNodes: number; minNodes: number }> {
  const nextFrame = () => new Promise<number>((done) => requestAnimationFrame(done))
  const pane = document.querySelector(args.paneSelector)!
  const box = pane.getBoundingClientRect()
  let x = box.left + box.width / 2
  const y = box.top + box.height / 2
  const mouse = (type: string, target: { dispatchEvent(e: unknown): boolean }) =>
    target.dispatchEvent(new MouseEvent(type, { bubbles: true, cancelable: true, clientX: x, clientY: y, button: 0, buttons: 1, view: window }))
  const intervals: number[] = []
  let maxNodes = 0
  let minNodes = Number.MAX_SAFE_INTEGER
  let frame = 0
  let last = await nextFrame()
  const start = last
  mouse('mousedown', pane)
  while (last - start < args.durationMs) {
    frame++
    if (frame % 20 === 0) {
      mouse('mouseup', window as { dispatchEvent(e: unknown): boolean })
      pane.dispatchEvent(
        new WheelEvent('wheel', { bubbles: true, cancelable: true, clientX: x, clientY: y, deltaY: frame % 40 === 0 ? 120 : -120, deltaMode: 0 }),
      )
      mouse('mousedown', pane)
    } else {
      x += Math.floor(frame / 40) % 2 === 0 ? 14 : -14
      mouse('mousemove', window as { dispatchEvent(e: unknown): boolean })
    }
    const now = await nextFrame()
    intervals.push(now - last)
    last = now
    const count = document.querySelectorAll('.react-flow__node').length
    maxNodes = Math.max(maxNodes, count)
    minNodes = Math.min(minNodes, count)
  }
  mouse('mouseup', window as { dispatchEvent(e: unknown): boolean })
  return { intervals, maxNodes, minNodes }
}

/**
 * Clicks `count` nodes in view one after another; for each, the ms from the click until the node
 * is drawn as selected (its outline, with its neighbours and links marked) in a painted frame.
 * Clicking the pane clears the highlight between two clicks. A selection moves the view to keep
 * its job beside the side panel, which can take a later node out of view (and out of the DOM): such
 * a node is found again by its job id, or left out when it is gone. Each wait gives up after 10 s
 * of frames, so the probe always ends.
 */
export async function timeHighlight(args: { count: number; paneSelector: string }): Promise<number[]> {
  const nextFrame = () => new Promise<number>((done) => requestAnimationFrame(done))
  const nodeOf = (jobId: string | null) => document.querySelector(`[data-testid="dag-node"][data-job-id="${jobId}"]`)
  const outlined = (jobId: string | null) => {
    const node = nodeOf(jobId)
    return node !== null && getComputedStyle(node).outlineStyle === 'solid'
  }
  const frameUntil = async (done: () => boolean) => {
    for (const start = performance.now(); performance.now() - start < 10_000; await nextFrame()) if (done()) return true
    return false
  }
  const times: number[] = []
  const jobIds = Array.from(document.querySelectorAll('[data-testid="dag-node"]'))
    .slice(0, args.count)
    .map((node) => node.getAttribute('data-job-id'))
  for (const jobId of jobIds) {
    const node = nodeOf(jobId)
    if (!node) continue
    const start = performance.now()
    node.click()
    if (!(await frameUntil(() => outlined(jobId)))) continue
    await nextFrame()
    times.push(performance.now() - start)
    document.querySelector(args.paneSelector)!.click()
    await frameUntil(() => !outlined(jobId))
  }
  return times
}

/** The floor for an update: one attribute changed on a node element and the next painted frame (ms). */
export async function timeAttributeFrame(args: { count: number }): Promise<number[]> {
  const nextFrame = () => new Promise<number>((done) => requestAnimationFrame(done))
  const node = document.querySelector('[data-testid="dag-node"]')!
  const times: number[] = []
  for (let i = 0; i < args.count; i++) {
    await nextFrame()
    const start = performance.now()
    node.setAttribute('data-bench', String(i))
    await nextFrame()
    times.push(performance.now() - start)
  }
  return times
}
