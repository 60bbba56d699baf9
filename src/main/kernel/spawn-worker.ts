import { existsSync } from 'node:fs'
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
} as const
export type WorkerEntry = keyof typeof WORKER_ENTRIES

export type SpawnWorker = (entry: WorkerEntry, options?: WorkerOptions) => Worker

const here = dirname(fileURLToPath(import.meta.url))

/**
 * Starts a worker from the bundle (out/main/<entry>.js, beside this code once built) or, when running
 * from source (tests, `tsx`), from the TypeScript file through tsx. Node 20 ignores `--import tsx` in a
 * Worker's execArgv, so the source path goes through an eval worker that registers tsx first.
 */
export const spawnWorker: SpawnWorker = (entry, options) => {
  const built = findBuilt(entry)
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

function sourceRoot(): string {
  // This file is src/main/kernel/spawn-worker.ts.
  return join(here, '..')
}

function pathToUrl(path: string): string {
  return new URL(`file://${path}`).href
}
