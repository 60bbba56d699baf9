import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { JobInfo } from '../../../src/shared/model'
import { BridgeClient } from '../../support/bridge-client'
import { BridgeHarness } from '../../support/bridge-harness'
import { FuzzTally } from '../../support/fuzz-run'
import { closedOrStillAnswering, openRawBridge, PROTOCOL_ERRORS } from '../../support/ws-frames'

/**
 * Issue 9, finding 1: one WebSocket frame killed headless mode. Each frame below must close only
 * the connection it came on (or, for `null`, be refused), while headless mode and another console
 * carry on; and an ordinary large saveGlue must go through instead of tripping the payload limit.
 */
let harness: BridgeHarness
beforeAll(async () => (harness = await BridgeHarness.start()), 60_000)
afterAll(async () => harness?.stop())
beforeEach(async () => harness.ensureRunning())

describe('a bad WebSocket frame on the console bridge', () => {
  for (const { name, bytes } of PROTOCOL_ERRORS) {
    it(`${name}: that connection ends, headless mode and other consoles stay, nothing is written`, async () => {
      const raw = await openRawBridge(harness.server.port, harness.server.consoleToken)
      raw.socket.write(bytes())
      // A refused `null` may leave the connection open; it must then still answer.
      const { closed } = await closedOrStillAnswering(raw).finally(() => raw.socket.destroy())
      if (name !== 'the text message null') expect(closed, 'a protocol error must end that connection').toBe(true)
      expect(harness.server.alive(), `headless mode died:\n${harness.server.output().slice(-1500)}`).toBe(true)
      // The witness console on its own socket still gets answers, and no table changed.
      await harness.judge({ kind: 'closed', code: 0, reason: name }, new FuzzTally())
    })
  }
})

describe('a large valid request on the console bridge', () => {
  it('saves a GLUE source of 800,000 CJK characters (2.4 MB of UTF-8) in one ordinary call', async () => {
    const console2 = await BridgeClient.connect(harness.server.origin, harness.server.consoleToken)
    try {
      const glueSource = `# ${'字'.repeat(800_000)}`
      const answer = await console2.call('saveGlue', [{ jobId: harness.fixture.glueJob, glueSource, glueRemark: 'a large script' }], 30_000)
      expect(harness.server.alive(), `headless mode died:\n${harness.server.output().slice(-1500)}`).toBe(true)
      expect(answer.kind === 'result' && answer.result.ok, JSON.stringify(answer).slice(0, 300)).toBe(true)
      const job = await console2.value<JobInfo>('getJob', [harness.fixture.glueJob])
      expect(job.glueSource.length).toBe(glueSource.length)
    } finally {
      console2.close()
    }
  })
})
