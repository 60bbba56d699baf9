import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

export interface InstanceMark {
  /** Another live JobDesk process uses the same data folder (and so the same database). */
  othersAlive: boolean
  release(): void
}

/**
 * Marks this process as a user of the data folder (`<dataDir>/instances/<pid>`) and tells whether
 * another live process does too. Needed because both would run an embedded executor under the same
 * address: after a crash this process may fail the embedded runs its previous life left running,
 * but never the runs of a live sibling. Marks of dead processes are cleaned up here.
 */
export function markInstance(dataDir: string, pid = process.pid): InstanceMark {
  const dir = join(dataDir, 'instances')
  mkdirSync(dir, { recursive: true })
  let othersAlive = false
  for (const name of readdirSync(dir)) {
    const other = Number(name)
    if (!Number.isInteger(other) || other === pid) continue
    if (isAlive(other)) othersAlive = true
    else rmSync(join(dir, name), { force: true })
  }
  const mine = join(dir, String(pid))
  writeFileSync(mine, `${new Date().toISOString()}\n`)
  return { othersAlive, release: () => rmSync(mine, { force: true }) }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it exists but belongs to someone else — still alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
