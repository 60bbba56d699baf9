import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { fileCircles, importsOf, importsOfRoomOutside, roomCircles, roomGraph, upwardImports } from './import-graph'

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src')
const MAIN = join(SRC, 'main')
const RENDERER = join(SRC, 'renderer/src')
const SHARED = join(SRC, 'shared')

/**
 * The renderer's rooms, low to high: a room imports only rooms before it. The API client and
 * translations at the bottom; pure logic (lib) and the console's own kit (notifications, routing,
 * icons); one-off server calls (services) and the store; then what the operator sees, and the shell
 * (app) and entry (main.tsx) on top.
 */
const RENDERER_ROOMS = ['api', 'i18n', 'lib', 'kit', 'services', 'store', 'components', 'pages', 'app', 'main.tsx'] as const

/** The rooms that may reach the core through the API client: everything else asks the store or a service. */
const CALLERS_OF_THE_CORE = ['store', 'services']

describe('the rooms of src/main', () => {
  const imports = importsOf(MAIN)

  it('import each other in one direction only: no two rooms reach each other through imports', () => {
    expect(roomGraph(MAIN, imports).size).toBeGreaterThan(10)
    expect(roomCircles(MAIN, imports)).toEqual([])
  })

  it('hold no files that import each other in a circle, type-only imports included', () => {
    expect(fileCircles(MAIN, imports)).toEqual([])
  })

  it('is read from the real tree: the pipeline imports the domain and the store, and the store never the pipeline', () => {
    const graph = roomGraph(MAIN, imports)
    expect(graph.get('trigger')?.has('domain')).toBe(true)
    expect(graph.get('store')?.has('domain')).toBe(true)
    expect(graph.get('store')?.has('trigger') ?? false).toBe(false)
  })
})

describe('src/shared, which every process imports', () => {
  it('holds no files that import each other in a circle, type-only imports included', () => {
    const imports = importsOf(SHARED)
    expect(imports.length).toBeGreaterThan(50)
    expect(fileCircles(SHARED, imports)).toEqual([])
  })
})

describe('the rooms of src/renderer', () => {
  const imports = importsOf(RENDERER)

  it('point down: no room imports a room above it in the declared order, and every room has its place', () => {
    expect(upwardImports(RENDERER, RENDERER_ROOMS, imports)).toEqual([])
    expect(roomCircles(RENDERER, imports)).toEqual([])
  })

  it('hold no files that import each other in a circle, type-only imports included', () => {
    expect(fileCircles(RENDERER, imports)).toEqual([])
  })

  it('reach the core only through the store and services: nothing else imports the API client', () => {
    expect(importsOfRoomOutside(RENDERER, 'api', CALLERS_OF_THE_CORE, imports)).toEqual([])
  })

  it('is read from the real tree: the store imports the API client and the kit, and the kit never the store', () => {
    const graph = roomGraph(RENDERER, imports)
    expect(graph.get('store')?.has('api')).toBe(true)
    expect(graph.get('store')?.has('kit')).toBe(true)
    expect(graph.get('pages')?.has('services')).toBe(true)
    expect(graph.get('kit')?.has('store') ?? false).toBe(false)
  })
})

describe('the structure check itself', () => {
  const planted = mkdtempSync(join(tmpdir(), 'jobdesk-rooms-'))
  afterAll(() => rmSync(planted, { recursive: true, force: true }))
  const plant = (files: Record<string, string>) => {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(planted, path)), { recursive: true })
      writeFileSync(join(planted, path), text)
    }
  }
  plant({
    'api/client.ts': 'export const client = () => ({})\n',
    'lib/format.ts': "import { useJobs } from '../store/jobs'\nexport const format = () => useJobs()\n",
    'store/jobs.ts': "import type { Row } from './rows'\nimport { client } from '../api/client'\nexport const useJobs = (): Row[] => [client()]\n",
    'store/labels.ts': "import { format } from '../lib/format'\nexport const label = () => format()\n",
    'store/rows.ts': "import type { useJobs } from './jobs'\nexport type Row = ReturnType<typeof useJobs>\n",
    'pages/jobs-page.tsx': "import { client } from '../api/client'\nimport { format } from '../lib/format'\nexport const page = () => [client(), format()]\n",
    'pages/lazy.tsx': "export const later = () => import('../widgets/chart')\n",
    'widgets/chart.tsx': 'export const chart = 1\n',
    'pages/jobs-page.test.tsx': "import { page } from './jobs-page'\nimport { client } from '../api/client'\nvoid [page, client]\n",
  })
  const order = ['api', 'lib', 'store', 'pages']

  it('reports a planted upward import, and a room the order does not name', () => {
    expect(upwardImports(planted, order)).toEqual([
      "lib/format.ts → ../store/jobs: 'lib' is below 'store'",
      "pages/lazy.tsx → ../widgets/chart: room 'widgets' has no place in the order",
    ])
  })

  it('reports two rooms that reach each other, by one import each way', () => {
    expect(roomCircles(planted)).toEqual([['lib/format.ts → ../store/jobs', 'store/labels.ts → ../lib/format']])
  })

  it('reports a circle of files made of type-only imports', () => {
    expect(fileCircles(planted)).toEqual([['store/jobs.ts → ./rows', 'store/rows.ts → ./jobs']])
  })

  it('reports the API client imported outside the rooms allowed, and reads no test file', () => {
    expect(importsOfRoomOutside(planted, 'api', ['store'])).toEqual(['pages/jobs-page.tsx → ../api/client'])
  })
})
