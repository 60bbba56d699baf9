import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Writes a script glue's source to `<logDir>/gluesource/<jobId>_<glueUpdatetime><suffix>` (reference
 * §1.4 rule 7). With `dropOlder`, earlier versions of that job's script are deleted first.
 */
export function writeGlueSource(
  logDir: string,
  jobId: number,
  glueUpdatetime: number,
  suffix: string,
  source: string,
  dropOlder: boolean,
): string {
  const dir = join(logDir, 'gluesource')
  mkdirSync(dir, { recursive: true })
  const name = `${jobId}_${glueUpdatetime}${suffix}`
  if (dropOlder) {
    for (const existing of readdirSync(dir)) {
      if (existing.startsWith(`${jobId}_`) && existing !== name) rmSync(join(dir, existing), { force: true })
    }
  }
  const path = join(dir, name)
  writeFileSync(path, source)
  return path
}
