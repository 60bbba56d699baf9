import { readdirSync, readFileSync } from 'node:fs'

/** Pids of live (non-zombie) processes whose process group is `pgid`, from /proc (Linux only). */
export function processGroupMembers(pgid: number): number[] {
  const members: number[] = []
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    let stat: string
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8')
    } catch {
      continue
    }
    // Fields after "(comm)": state ppid pgrp …; comm may contain spaces, so split after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    if (fields[0] !== 'Z' && Number(fields[2]) === pgid) members.push(Number(name))
  }
  return members
}
