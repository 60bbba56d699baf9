import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const MAIN = resolve(dirname(fileURLToPath(import.meta.url)), '../../src/main')

/** The room of a file: its first folder under src/main (a top-level file is a room of its own). */
function roomOf(file: string): string {
  return relative(MAIN, file).split(sep)[0]
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.includes('fixtures') ? [path] : []
  })
}

/** Room → the rooms it imports, each with one import that shows it. */
function roomImports(): Map<string, Map<string, string>> {
  const rooms = new Map<string, Map<string, string>>()
  for (const file of sourceFiles(MAIN)) {
    const from = roomOf(file)
    for (const match of readFileSync(file, 'utf8').matchAll(/from '(\.[^']*)'/g)) {
      const target = resolve(dirname(file), match[1])
      if (!target.startsWith(MAIN + sep)) continue
      const to = roomOf(target)
      if (to === from) continue
      const edges = rooms.get(from) ?? new Map<string, string>()
      if (!edges.has(to)) edges.set(to, `${relative(MAIN, file)} → ${match[1]}`)
      rooms.set(from, edges)
    }
  }
  return rooms
}

/** The rooms that reach each other through imports (Tarjan's strongly connected components of two or more). */
function circles(graph: Map<string, Map<string, string>>): string[][] {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const found: string[][] = []
  const visit = (room: string): void => {
    index.set(room, index.size)
    low.set(room, index.get(room)!)
    stack.push(room)
    for (const next of graph.get(room)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next)
        low.set(room, Math.min(low.get(room)!, low.get(next)!))
      } else if (stack.includes(next)) low.set(room, Math.min(low.get(room)!, index.get(next)!))
    }
    if (low.get(room) !== index.get(room)) return
    const circle: string[] = []
    let member: string
    do {
      member = stack.pop()!
      circle.push(member)
    } while (member !== room)
    if (circle.length > 1) found.push(circle.sort())
  }
  for (const room of graph.keys()) if (!index.has(room)) visit(room)
  return found
}

describe('the rooms of src/main', () => {
  it('import each other in one direction only: no two rooms reach each other through imports', () => {
    const graph = roomImports()
    expect(graph.size).toBeGreaterThan(10)
    const shown = circles(graph).map((circle) =>
      circle.flatMap((room) => circle.filter((other) => graph.get(room)?.has(other)).map((other) => graph.get(room)!.get(other)!)),
    )
    expect(shown).toEqual([])
  })

  it('is read from the real tree: the pipeline imports the domain and the store, and the store never the pipeline', () => {
    const graph = roomImports()
    expect(graph.get('trigger')?.has('domain')).toBe(true)
    expect(graph.get('store')?.has('domain')).toBe(true)
    expect(graph.get('store')?.has('trigger') ?? false).toBe(false)
  })
})
