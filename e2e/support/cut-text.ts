/// <reference lib="dom" />
import type { Page } from '@playwright/test'

/** Text the screen shows only in part, and where. */
export interface CutText {
  /** The visible text, as far as the element holds it. */
  text: string
  /** A short path to the element (tag, test id, classes) to find it by. */
  where: string
  /** 'cut': clipped with no way to read the rest; 'title': marked as deliberately cut, but its title lacks the text. */
  kind: 'cut' | 'title'
}

/**
 * Finds visible text cut short on the page: a text node whose box reaches past an ancestor that
 * clips it (overflow hidden or clip, which is also where text-overflow ellipsis applies) before any
 * ancestor that scrolls (the rest can be scrolled to) or a graph node (a graph pans). Text cut on
 * purpose, with the whole of it on hover, sits in an element marked `data-truncate` (Mantine's
 * Text marks its `truncate` so too) whose `title` holds the whole text; anything else cut is reported.
 */
export function findCutText(page: Page): Promise<CutText[]> {
  return page.evaluate(() => {
    const SLACK_PX = 1
    const found: CutText[] = []
    const seen = new Set<Element>()
    const describe = (element: Element): string => {
      const testId = element.closest('[data-testid]')?.getAttribute('data-testid')
      const classes = [...element.classList].slice(0, 3).join('.')
      return `${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''}${testId ? ` in [${testId}]` : ''}`
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.textContent ?? '').trim()
      const parent = node.parentElement
      if (!text || !parent || seen.has(parent)) continue
      if (!parent.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue
      if (parent.closest('script, style, textarea, [aria-hidden="true"], .cm-editor')) continue
      const range = document.createRange()
      range.selectNodeContents(node)
      const box = range.getBoundingClientRect()
      if (box.width === 0 || box.height === 0) continue
      for (let ancestor: Element | null = parent; ancestor && ancestor !== document.body; ancestor = ancestor.parentElement) {
        const style = getComputedStyle(ancestor)
        const scrolls = /auto|scroll/.test(style.overflowX) || /auto|scroll/.test(style.overflowY)
        if (scrolls || ancestor.classList.contains('react-flow__node')) break
        const clipsX = /hidden|clip/.test(style.overflowX)
        const clipsY = /hidden|clip/.test(style.overflowY)
        if (!clipsX && !clipsY) continue
        const frame = ancestor.getBoundingClientRect()
        const outX = clipsX && (box.left < frame.left - SLACK_PX || box.right > frame.right + SLACK_PX)
        const outY = clipsY && (box.top < frame.top - SLACK_PX || box.bottom > frame.bottom + SLACK_PX)
        // Wholly outside: hidden (a closed section, a row scrolled away), not cut.
        const inside = box.right > frame.left && box.left < frame.right && box.bottom > frame.top && box.top < frame.bottom
        if ((outX || outY) && inside) {
          seen.add(parent)
          const marked = parent.closest('[data-truncate]')
          const words = text.replace(/\s+/g, ' ')
          if (!marked) found.push({ text, where: describe(parent), kind: 'cut' })
          else if (!(marked.getAttribute('title') ?? '').replace(/\s+/g, ' ').includes(words)) found.push({ text, where: describe(marked), kind: 'title' })
          break
        }
      }
    }
    return found
  })
}
