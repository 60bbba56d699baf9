import { readFileSync } from 'node:fs'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createFileLogger } from '../../../src/main/kernel/file-logger'
import { jsonConsoleLogger } from '../../../src/main/kernel/logger'
import { startTestCore, type TestCore } from '../../support/core-harness'
import { makeTempDir } from '../../support/temp-dir'

/**
 * Issue 24, `--log-format json` as serve.ts wires it: jobdesk.log and the terminal get the same
 * lines, each one JSON object with its fields, and once the node has started each names the node.
 */
let t: TestCore | undefined
afterEach(async () => {
  await t?.stop()
  t = undefined
  vi.restoreAllMocks()
})

type Line = { level: string; time: string; msg: string; node?: string; [field: string]: unknown }

describe('--log-format json', () => {
  it('writes every line of the file and the terminal as JSON with its fields and the node', async () => {
    const dir = makeTempDir()
    const terminal: string[] = []
    vi.spyOn(console, 'log').mockImplementation((line: string) => void terminal.push(line))
    vi.spyOn(console, 'error').mockImplementation((line: string) => void terminal.push(line))
    const log = createFileLogger({ dir: dir.path, alsoTo: jsonConsoleLogger() })
    t = await startTestCore({ logger: log.logger, logFile: log.file }, dir.path)
    const node = t.core.nodeId
    log.bind({ node })
    const jobId = await t.addJob()
    log.logger.warn('a line about a run', { logId: 42, jobId })
    await t.stop()
    t = undefined
    await log.close()
    const fileLines = readFileSync(log.file, 'utf8').trim().split('\n')
    const parsed = fileLines.map((line) => JSON.parse(line) as Line)
    for (const line of parsed) {
      expect(typeof line.level).toBe('string')
      expect(Number.isNaN(Date.parse(line.time))).toBe(false)
      expect(typeof line.msg).toBe('string')
    }
    const running = parsed.find((line) => line.msg === 'core running')!
    // The core names its node in its start line itself; the lines after it carry the bound field.
    expect(running).toMatchObject({ level: 'info', node })
    const afterStart = parsed.slice(parsed.indexOf(running) + 1)
    expect(afterStart.length).toBeGreaterThan(0)
    for (const line of afterStart) expect(line.node).toBe(node)
    expect(parsed).toContainEqual(expect.objectContaining({ msg: 'a line about a run', logId: 42, jobId, node }))
    // The terminal got the same lines, as JSON too.
    const shown = terminal.map((line) => JSON.parse(line) as Line)
    expect(shown.map((line) => line.msg)).toEqual(parsed.map((line) => line.msg))
    dir.remove()
  }, 60_000)
})
