import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** A fresh folder under the OS temp dir; `remove()` deletes it with everything in it. */
export function makeTempDir(prefix = 'jobdesk-test-'): { path: string; remove: () => void } {
  const path = mkdtempSync(join(tmpdir(), prefix))
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) }
}
