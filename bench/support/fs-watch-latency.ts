/**
 * The raw reference of B6 (docs/benchmarks.md#raw-log-tail): a writer process appends `tick <i> at
 * <epoch ms>` lines to a file every `gapMs`; this process follows it with fs.watch and a read from the
 * last offset, and measures written → read per line.
 */
import { closeSync, mkdtempSync, openSync, readSync, rmSync, watch, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startChild } from './child'

const WRITER = `
const { appendFileSync } = require('node:fs')
const [file, count, gap] = process.argv.slice(1)
let i = 0
const timer = setInterval(() => {
  i++
  appendFileSync(file, 'tick ' + i + ' at ' + (performance.timeOrigin + performance.now()).toFixed(3) + ' ' + 'x'.repeat(80) + '\\n')
  if (i >= Number(count)) clearInterval(timer)
}, Number(gap))
`

export async function fsWatchLatencies(count: number, gapMs: number): Promise<number[]> {
  const dir = mkdtempSync(join(tmpdir(), 'jobdesk-bench-b6-watch-'))
  const file = join(dir, 'tail.log')
  writeFileSync(file, '')
  const fd = openSync(file, 'r')
  const lags: number[] = []
  let offset = 0
  let partial = ''
  const buffer = Buffer.alloc(64 * 1024)
  const readNew = () => {
    for (;;) {
      const n = readSync(fd, buffer, 0, buffer.length, offset)
      if (n <= 0) break
      offset += n
      const nowMs = performance.timeOrigin + performance.now()
      const lines = (partial + buffer.subarray(0, n).toString('utf8')).split('\n')
      partial = lines.pop() ?? ''
      for (const line of lines) {
        const match = /tick \d+ at (\d+(?:\.\d+)?)/.exec(line)
        if (match) lags.push(nowMs - Number(match[1]))
      }
    }
  }
  const watcher = watch(file, readNew)
  try {
    const writer = startChild(process.execPath, ['-e', WRITER, file, String(count), String(gapMs)], {}, 'fs.watch writer')
    await writer.exited
    await new Promise((resolve) => setTimeout(resolve, 200))
    readNew()
    return lags
  } finally {
    watcher.close()
    closeSync(fd)
    rmSync(dir, { recursive: true, force: true })
  }
}
