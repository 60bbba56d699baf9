import type { Locator } from '@playwright/test'

/**
 * Whether `text` inside `row` is drawn inside the visible part of the log's scroll area (both
 * horizontally and vertically), measured on the text itself, not on its row.
 */
export async function textIsInView(row: Locator, text: string): Promise<boolean> {
  return row.evaluate((element, needle) => {
    // The node tsconfig has no DOM types: the few DOM members used here, typed by hand.
    type Box = { left: number; right: number; top: number; bottom: number }
    type El = { closest(selector: string): El | null; getBoundingClientRect(): Box }
    const dom = globalThis as unknown as {
      document: {
        createTreeWalker(root: unknown, what: number): { nextNode(): { textContent: string | null } | null }
        createRange(): { setStart(node: unknown, at: number): void; setEnd(node: unknown, at: number): void; getBoundingClientRect(): Box }
      }
    }
    const walker = dom.document.createTreeWalker(element, 4)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent?.indexOf(needle) ?? -1
      if (at < 0) continue
      const range = dom.document.createRange()
      range.setStart(node, at)
      range.setEnd(node, at + needle.length)
      const box = range.getBoundingClientRect()
      const pane = (element as unknown as El).closest('[data-testid="log-scroll"]')!.getBoundingClientRect()
      return box.left >= pane.left && box.right <= pane.right && box.top >= pane.top && box.bottom <= pane.bottom
    }
    return false
  }, text)
}
