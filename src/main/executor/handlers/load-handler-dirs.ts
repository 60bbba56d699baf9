import { readdir } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { JobHandler } from './handler-contract'

export interface LoadedHandlers {
  handlers: Record<string, JobHandler>
  /** One line per module that failed to load or export that was skipped, for the host's logger. */
  problems: string[]
}

/**
 * Imports every `.js`/`.mjs` file directly inside each directory (sorted by name, so the result is
 * stable) and collects its named function exports; `version` > 0 imports them afresh. A name already taken — by a built-in or an earlier
 * module — is skipped and reported, never silently replaced.
 */
export async function loadHandlerDirs(dirs: readonly string[], taken: ReadonlySet<string>, version = 0): Promise<LoadedHandlers> {
  const handlers: Record<string, JobHandler> = {}
  const problems: string[] = []
  for (const dir of dirs) {
    let names: string[]
    try {
      names = (await readdir(dir)).filter((name) => name.endsWith('.js') || name.endsWith('.mjs')).sort()
    } catch (error) {
      problems.push(`handler dir ${dir}: ${(error as Error).message}`)
      continue
    }
    for (const name of names) {
      const file = resolve(join(dir, name))
      let module: Record<string, unknown>
      try {
        // A new version is a new URL, so the module is evaluated afresh (ESM caches by URL).
        const url = pathToFileURL(file).href + (version > 0 ? `?v=${version}` : '')
        module = (await import(url)) as Record<string, unknown>
      } catch (error) {
        problems.push(`handler module ${file}: ${(error as Error).stack ?? String(error)}`)
        continue
      }
      for (const [exportName, value] of Object.entries(module)) {
        if (exportName === 'default' || typeof value !== 'function') continue
        if (taken.has(exportName) || Object.hasOwn(handlers, exportName)) {
          problems.push(`handler ${exportName} in ${file}: name already taken, skipped`)
          continue
        }
        handlers[exportName] = value as JobHandler
      }
    }
  }
  return { handlers, problems }
}
