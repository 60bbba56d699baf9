import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'

/**
 * The import graph of a source tree (src/main, src/renderer/src, or a planted fixture), read from
 * the text of its files: every relative `from '…'`, `import '…'` and `import('…')`, type-only
 * imports included (a type import ties two files together as firmly for a reader as a value import).
 */

/** One relative import: the file that writes it, what it wrote, and the path it points at. */
export interface Import {
  from: string
  specifier: string
  /** The imported path, resolved against `from`'s folder but not to a file (it may be a folder or a .css). */
  target: string
  /** The source file it names, when it names one of the tree's .ts/.tsx files. */
  file: string | null
}

const SPECIFIER = /(?:\bfrom|\bimport)\s*\(?\s*'(\.[^']*)'/g

/** The tree's source files, in name order: .ts and .tsx, tests and fixtures left out (nothing imports them). */
export function sourceFiles(dir: string): string[] {
  const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))
  return entries.flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'fixtures' ? [] : sourceFiles(path)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : []
  })
}

function sourceFileAt(target: string): string | null {
  const candidates = [target, `${target}.ts`, `${target}.tsx`, join(target, 'index.ts'), join(target, 'index.tsx')]
  return candidates.find((path) => /\.tsx?$/.test(path) && existsSync(path) && statSync(path).isFile()) ?? null
}

/** Every relative import of every source file under `root`. */
export function importsOf(root: string): Import[] {
  return sourceFiles(root).flatMap((from) =>
    [...readFileSync(from, 'utf8').matchAll(SPECIFIER)].map((match) => {
      const target = resolve(dirname(from), match[1].replace(/\?.*$/, ''))
      return { from, specifier: match[1], target, file: sourceFileAt(target) }
    }),
  )
}

/** The room of a path: its first folder under `root` (a top-level file is a room of its own). */
export function roomOf(root: string, path: string): string {
  return relative(root, path).split(sep)[0]
}

/** How one import reads in a report: `store/jobs/action.ts → ../../kit/notify`. */
export function showImport(root: string, edge: Import): string {
  return `${relative(root, edge.from).split(sep).join('/')} → ${edge.specifier}`
}

function inside(root: string, path: string): boolean {
  return path.startsWith(root + sep)
}

/** Room → the rooms it imports, each with one import that shows it. */
export function roomGraph(root: string, imports: readonly Import[] = importsOf(root)): Map<string, Map<string, string>> {
  const rooms = new Map<string, Map<string, string>>()
  for (const edge of imports) {
    if (!inside(root, edge.target)) continue
    const from = roomOf(root, edge.from)
    const to = roomOf(root, edge.target)
    if (to === from) continue
    const edges = rooms.get(from) ?? new Map<string, string>()
    if (!edges.has(to)) edges.set(to, showImport(root, edge))
    rooms.set(from, edges)
  }
  return rooms
}

/** File → the files it imports, each with the import that shows it. */
function fileGraph(root: string, imports: readonly Import[]): Map<string, Map<string, string>> {
  const files = new Map<string, Map<string, string>>()
  for (const edge of imports) {
    if (edge.file === null || !inside(root, edge.file)) continue
    const edges = files.get(edge.from) ?? new Map<string, string>()
    if (!edges.has(edge.file)) edges.set(edge.file, showImport(root, edge))
    files.set(edge.from, edges)
  }
  return files
}

/** The nodes that reach each other through the graph's edges (Tarjan's strongly connected components of two or more). */
function circles(graph: Map<string, Map<string, string>>): string[][] {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const found: string[][] = []
  const visit = (node: string): void => {
    index.set(node, index.size)
    low.set(node, index.get(node)!)
    stack.push(node)
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next)
        low.set(node, Math.min(low.get(node)!, low.get(next)!))
      } else if (stack.includes(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!))
    }
    if (low.get(node) !== index.get(node)) return
    const circle: string[] = []
    let member: string
    do {
      member = stack.pop()!
      circle.push(member)
    } while (member !== node)
    if (circle.length > 1) found.push(circle.sort())
  }
  for (const node of graph.keys()) if (!index.has(node)) visit(node)
  return found
}

/** Each circle of the graph, shown as the imports between its members (what a reader must cut). */
function showCircles(graph: Map<string, Map<string, string>>): string[][] {
  return circles(graph).map((circle) =>
    circle.flatMap((node) => circle.filter((other) => graph.get(node)?.has(other)).map((other) => graph.get(node)!.get(other)!)),
  )
}

/** The rooms under `root` that reach each other through imports, each shown as its imports. */
export function roomCircles(root: string, imports: readonly Import[] = importsOf(root)): string[][] {
  return showCircles(roomGraph(root, imports))
}

/** The files under `root` that reach each other through imports (type-only ones included), each shown as its imports. */
export function fileCircles(root: string, imports: readonly Import[] = importsOf(root)): string[][] {
  return showCircles(fileGraph(root, imports))
}

/**
 * The imports that climb: from a room to one above it in `order` (listed low to high), or from or
 * to a room the order does not name (a new room must be given its place).
 */
export function upwardImports(root: string, order: readonly string[], imports: readonly Import[] = importsOf(root)): string[] {
  const rank = new Map(order.map((room, at) => [room, at]))
  const found: string[] = []
  for (const edge of imports) {
    if (!inside(root, edge.target)) continue
    const from = roomOf(root, edge.from)
    const to = roomOf(root, edge.target)
    if (from === to) continue
    const fromRank = rank.get(from)
    const toRank = rank.get(to)
    if (fromRank === undefined) found.push(`${showImport(root, edge)}: room '${from}' has no place in the order`)
    else if (toRank === undefined) found.push(`${showImport(root, edge)}: room '${to}' has no place in the order`)
    else if (toRank > fromRank) found.push(`${showImport(root, edge)}: '${from}' is below '${to}'`)
  }
  return found
}

/** The imports of `room` from any room but `allowed` (and the room itself). */
export function importsOfRoomOutside(root: string, room: string, allowed: readonly string[], imports: readonly Import[] = importsOf(root)): string[] {
  return imports
    .filter((edge) => inside(root, edge.target) && roomOf(root, edge.target) === room)
    .filter((edge) => roomOf(root, edge.from) !== room && !allowed.includes(roomOf(root, edge.from)))
    .map((edge) => showImport(root, edge))
}
