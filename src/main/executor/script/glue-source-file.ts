import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../run-log/private-modes'

/**
 * Writes a script glue's source to `<logDir>/gluesource/<jobId>_<glueUpdatetime><suffix>` (docs/protocol.md#executor-rules,
 * rule 7), on every run. The job's earlier versions are deleted when this version's file is
 * first written: a new version is what makes them stale, and the file itself is the memory of that
 * (job lanes, which did it once per lane, no longer outlive a busy spell).
 */
export function writeGlueSource(logDir: string, jobId: number, glueUpdatetime: number, suffix: string, source: string): string {
  const dir = join(logDir, 'gluesource')
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE })
  const name = `${jobId}_${glueUpdatetime}${suffix}`
  const path = join(dir, name)
  if (!existsSync(path)) {
    for (const existing of readdirSync(dir)) {
      if (existing.startsWith(`${jobId}_`) && existing !== name) rmSync(join(dir, existing), { force: true })
    }
  }
  writeFileSync(path, source, { mode: PRIVATE_FILE_MODE })
  return path
}
