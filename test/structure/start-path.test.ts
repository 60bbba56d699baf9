import { readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { ensureBuilt } from '../support/headless-child'

const SERVE_ENTRY = resolve(dirname(fileURLToPath(import.meta.url)), '../../out/main/serve.js')

/**
 * The packages a built entry loads before its first line runs: the bare specifiers of the static
 * imports reached from it through the bundle's own chunks (an `import()` is not followed; what it
 * loads comes on first use).
 */
function packagesOnTheStartPath(entry: string): string[] {
  const seen = new Set<string>()
  const packages = new Set<string>()
  const visit = (file: string): void => {
    if (seen.has(file)) return
    seen.add(file)
    const source = readFileSync(file, 'utf8')
    for (const match of source.matchAll(/^(?:import|export)\s[^;]*?from\s*"([^"]+)"|^import\s*"([^"]+)"/gm)) {
      const specifier = match[1] ?? match[2]
      if (specifier.startsWith('.')) visit(join(dirname(file), specifier))
      else if (!specifier.startsWith('node:')) packages.add(specifier)
    }
  }
  visit(entry)
  return [...packages].sort()
}

describe('the start of `serve` (B9)', () => {
  it('loads only the packages the core needs before it runs: the metrics library, the MCP SDK and the parsers come on first use', async () => {
    await ensureBuilt()
    // Each package here is start time for every launch; one more is a deliberate change of this list.
    expect(packagesOnTheStartPath(SERVE_ENTRY)).toEqual(['better-sqlite3', 'croner', 'pino', 'rotating-file-stream'])
  })
})
