import { existsSync, readdirSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker, type WorkerOptions } from 'node:worker_threads'

/**
 * Worker entry points, by the name electron.vite.config.ts gives them as extra main inputs.
 * The value is the source file relative to src/main.
 */
export const WORKER_ENTRIES = {
  'job-runner': 'executor/runner/runner-worker.ts',
  core: 'app/core-worker.ts',
  checkpointer: 'store/checkpoint-worker.ts',
  'report-reader': 'store/report-reader-worker.ts',
} as const
export type WorkerEntry = keyof typeof WORKER_ENTRIES

export type SpawnWorker = (entry: WorkerEntry, options?: WorkerOptions) => Worker

const here = dirname(fileURLToPath(import.meta.url))

/**
 * Starts a worker from the bundle (out/main/<entry>.js, beside this code once built) or, when running
 * from source (tests, `tsx`), from the checkout's build when that is of today's sources, else from
 * the TypeScript file through tsx. Node 20 ignores `--import tsx` in a Worker's execArgv, so the
 * source path goes through an eval worker that registers tsx first.
 */
export const spawnWorker: SpawnWorker = (entry, options) => {
  const built = findBuilt(entry) ?? currentBuildOf(entry)
  if (built) return new Worker(built, options)
  const source = join(sourceRoot(), WORKER_ENTRIES[entry])
  const code =
    `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(pathToUrl(source))}) })` +
    `.catch((error) => { console.error(error); process.exit(1) })`
  return new Worker(code, { ...options, eval: true })
}

function findBuilt(entry: WorkerEntry): string | null {
  if (import.meta.url.endsWith('.ts')) return null
  // Shared code may land in out/main/chunks/, one level below the entries.
  for (const dir of [here, join(here, '..')]) {
    const candidate = join(dir, `${entry}.js`)
    if (existsSync(candidate)) return candidate
  }
  return null
}

/**
 * Running from source: the checkout's out/main/<entry>.js when it is of these sources (see
 * builtAfterSources). Through tsx, each worker compiles its sources when it starts: a runner thread
 * took 610 ms of CPU that way against 188 ms built, and the tests start hundreds.
 */
function currentBuildOf(entry: WorkerEntry): string | null {
  const candidate = join(sourceRoot(), '..', '..', 'out', 'main', `${entry}.js`)
  return builtAfterSources(candidate) ? candidate : null
}

let sourcesUnchangedSince = -1

/**
 * Whether `file`, part of the checkout's build, was written after every file under src/ last
 * changed (`npm test` builds first), so it is these sources. The newest source time is read once per
 * process: a test run does not edit the sources, and one look walks the whole tree.
 */
export function builtAfterSources(file: string): boolean {
  if (!existsSync(file)) return false
  if (sourcesUnchangedSince < 0) sourcesUnchangedSince = newestMtimeMs(join(sourceRoot(), '..'))
  return statSync(file).mtimeMs >= sourcesUnchangedSince
}

function newestMtimeMs(dir: string): number {
  let newest = 0
  for (const item of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, item.name)
    newest = Math.max(newest, item.isDirectory() ? newestMtimeMs(path) : statSync(path).mtimeMs)
  }
  return newest
}

function sourceRoot(): string {
  // This file is src/main/kernel/spawn-worker.ts.
  return join(here, '..')
}

function pathToUrl(path: string): string {
  return new URL(`file://${path}`).href
}
