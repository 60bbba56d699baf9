import type { ComponentBox, Point } from '../../lib/dag/dag-layout'

/**
 * Boxes of DAG components ELK has laid out, by component key (dag-layout.ts: exactly its jobs and
 * links), kept in this browser too: laying out a thousand jobs takes ELK a few seconds, so a
 * reload, a new tab or the next day opens the DAG at once. Bounded; the oldest entries go first.
 */
const STORAGE_KEY = 'jobdesk.dagLayout.v1'
/** Entries in memory, and the most characters kept in localStorage. */
const MAX_ENTRIES = 20_000
const MAX_STORED_CHARS = 2_000_000

type StoredBox = [width: number, height: number, positions: [id: number, x: number, y: number][]]

let boxes: Map<string, ComponentBox> | null = null
let saveQueued = false

function loaded(): Map<string, ComponentBox> {
  if (boxes) return boxes
  boxes = new Map()
  try {
    const raw = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, StoredBox>
    for (const [key, [width, height, positions]] of Object.entries(raw)) {
      boxes.set(key, { width, height, local: new Map(positions.map(([id, x, y]): [number, Point] => [id, { x, y }])) })
    }
  } catch {
    // A corrupt or foreign entry: start empty (it is only a cache).
  }
  return boxes
}

export function cachedBox(key: string): ComponentBox | undefined {
  return loaded().get(key)
}

export function rememberBox(key: string, box: ComponentBox): void {
  const all = loaded()
  all.delete(key)
  all.set(key, box)
  if (all.size > MAX_ENTRIES) all.delete(all.keys().next().value!)
  if (!saveQueued) {
    saveQueued = true
    // One write per burst of answers.
    setTimeout(save, 0)
  }
}

function save(): void {
  saveQueued = false
  const entries = [...loaded()].map(([key, box]): [string, StoredBox] => [key, [box.width, box.height, [...box.local].map(([id, p]) => [id, p.x, p.y])]])
  // Newest last: drop from the front until it fits.
  let text = JSON.stringify(Object.fromEntries(entries))
  while (text.length > MAX_STORED_CHARS && entries.length > 0) {
    entries.splice(0, Math.max(1, Math.ceil(entries.length / 10)))
    text = JSON.stringify(Object.fromEntries(entries))
  }
  try {
    localStorage.setItem(STORAGE_KEY, text)
  } catch {
    // Storage full or refused: the layout is still cached for this page.
  }
}
