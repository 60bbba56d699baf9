// An example handler module for JobDesk (see docs/handlers.md, "Writing a handler"): copy it into
// <data-dir>/handlers/ (the desktop app and headless mode) or a folder given to the agent with
// --handlers, and give a BEAN job the handler name `folderSize` or `shardedCleanup`.
import { readdir, stat } from 'node:fs/promises'
import { join } from 'node:path'

/**
 * Adds up the sizes of the files directly in a folder and fails when they are over a limit.
 * Parameter (JSON): {"path": "/var/backups", "limitMb": 2048}
 */
export async function folderSize(ctx) {
  let options
  try {
    options = JSON.parse(ctx.param || '{}')
  } catch {
    return { code: 500, msg: 'param: expected JSON like {"path": "/var/backups", "limitMb": 2048}' }
  }
  const { path, limitMb = 1024 } = options
  if (typeof path !== 'string' || path === '') return { code: 500, msg: 'param.path: the folder to measure is required' }

  let bytes = 0
  let files = 0
  for (const name of await readdir(path)) {
    // A kill or a timeout aborts the signal: stop early instead of finishing the loop.
    if (ctx.signal.aborted) return { code: 500, msg: 'stopped before the end of the folder' }
    const info = await stat(join(path, name))
    if (!info.isFile()) continue
    bytes += info.size
    files++
  }
  const mb = bytes / 1_048_576
  ctx.log(`${path}: ${files} files, ${mb.toFixed(1)} MB (limit ${limitMb} MB)`)
  if (mb > limitMb) return { code: 500, msg: `${path} holds ${mb.toFixed(1)} MB, over the limit of ${limitMb} MB` }
  return `${files} files, ${mb.toFixed(1)} MB`
}

/**
 * One shard of a SHARDING_BROADCAST job: with n executors in the group, executor i takes every
 * n-th item starting at i. Runs can be retried (at-least-once), so the work must be idempotent.
 */
export async function shardedCleanup(ctx) {
  const items = Number(ctx.param || '100')
  let done = 0
  for (let item = ctx.shardIndex; item < items; item += ctx.shardTotal) {
    if (ctx.signal.aborted) throw new Error(`stopped after ${done} items`)
    done++
  }
  ctx.log(`shard ${ctx.shardIndex + 1} of ${ctx.shardTotal}: cleaned ${done} of ${items} items`)
  return `shard ${ctx.shardIndex + 1}/${ctx.shardTotal}: ${done} items`
}
