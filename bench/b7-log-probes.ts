// Functions that run inside the page for the log part of B7 (passed to page.evaluate): self-contained,
// no imports; each defines what it needs inside. The node tsconfig has no DOM types, so the few DOM
// members used are declared here, for this file only.
declare const document: {
  body: unknown
  querySelector(selector: string): { textContent: string | null; click(): void } | null
}
declare function requestAnimationFrame(callback: (timeMs: number) => void): number
declare const performance: { now(): number; timeOrigin: number }
declare const MutationObserver: new (callback: (records: { addedNodes: ArrayLike<ObservedNode> }[]) => void) => {
  observe(target: unknown, options: Record<string, unknown>): void
  disconnect(): void
}

interface ObservedNode {
  nodeType: number
  textContent: string | null
  getAttribute?(name: string): string | null
  querySelectorAll?(selector: string): ArrayLike<ObservedNode>
}

/**
 * Clicks `clickSelector` (a finished run), then ms until the log view says it holds the whole log
 * (the end badge) and a frame was painted; also the line count it then shows.
 */
export function timeUntilLogEnd(args: { clickSelector: string; timeoutMs: number }): Promise<{ ms: number; lines: string }> {
  return new Promise((done, fail) => {
    const start = performance.now()
    document.querySelector(args.clickSelector)!.click()
    const check = () => {
      const ended = document.querySelector('[data-testid="log-state"][data-end="true"]') !== null
      const lines = document.querySelector('[data-testid="log-line-count"]')?.textContent ?? ''
      if (ended) requestAnimationFrame(() => done({ ms: performance.now() - start, lines }))
      else if (performance.now() - start > args.timeoutMs) fail(new Error(`the log did not end; it reached "${lines}"`))
      else requestAnimationFrame(check)
    }
    requestAnimationFrame(check)
  })
}

/**
 * Watches log rows appear and, for each `tick N at <epoch ms>` line (written by the job with the
 * shell's clock), records how long after it was written it reached the page: the append latency
 * across executor, core and bridge, up to the DOM. Stops after `count` ticks or `timeoutMs`.
 */
export function collectTickLatencies(args: { count: number; timeoutMs: number }): Promise<number[]> {
  return new Promise((done) => {
    const seen = new Map<number, number>()
    const pattern = /tick (\d+) at (\d+)/
    const note = (node: ObservedNode) => {
      if (node.nodeType !== 1) return
      const rows = node.getAttribute?.('data-testid') === 'log-row' ? [node] : Array.from(node.querySelectorAll?.('[data-testid="log-row"]') ?? [])
      const nowMs = performance.timeOrigin + performance.now()
      for (const row of rows) {
        const match = pattern.exec(row.textContent ?? '')
        if (match && !seen.has(Number(match[1]))) seen.set(Number(match[1]), nowMs - Number(match[2]))
      }
    }
    const observer = new MutationObserver((records) => {
      for (const record of records) for (const node of Array.from(record.addedNodes)) note(node)
      if (seen.size >= args.count) finish()
    })
    const finish = () => {
      observer.disconnect()
      clearTimeout(timer)
      done([...seen.values()])
    }
    const timer = setTimeout(finish, args.timeoutMs)
    observer.observe(document.body, { subtree: true, childList: true })
  })
}
declare function setTimeout(callback: () => void, ms: number): number
declare function clearTimeout(id: number): void
