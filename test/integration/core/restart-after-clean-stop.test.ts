import { afterAll, afterEach, describe, expect, it } from 'vitest'
import type { Logger } from '../../../src/main/kernel/logger'
import { startTestCore, type TestCore } from '../../support/core-harness'
import { makeTempDir } from '../../support/temp-dir'

/** A logger that keeps the warnings and errors it is given. */
function recordingLogger(): Logger & { lines: string[] } {
  const lines: string[] = []
  const keep = (level: string) => (msg: string) => void lines.push(`${level} ${msg}`)
  return { lines, debug() {}, info() {}, warn: keep('warn'), error: keep('error') }
}

let core: TestCore | null = null
const dir = makeTempDir('jobdesk-restart-')
afterEach(async () => {
  await core?.stop()
  core = null
})
afterAll(() => dir.remove())

describe('a single node stopped cleanly', () => {
  it('leaves the cluster: its next start mourns no node and takes no work over', async () => {
    core = await startTestCore({ logger: recordingLogger() }, dir.path)
    const first = core.core.nodeId
    await core.core.stop()
    core = null
    const logger = recordingLogger()
    core = await startTestCore({ logger }, dir.path)
    expect(core.core.nodeId).not.toBe(first)
    expect((await core.core.store.nodes.list()).map((n) => n.nodeId)).toEqual([core.core.nodeId])
    expect(logger.lines.filter((line) => /node of the cluster is gone|taken for dead/.test(line))).toEqual([])
  })
})
