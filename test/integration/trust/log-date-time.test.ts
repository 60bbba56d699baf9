import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AgentHarness, AGENT_APP, AGENT_TOKEN, listFiles } from '../../support/agent-harness'
import { postEnvelope } from '../../support/raw-http'

/**
 * Issue 9, finding 8 (last): a trigger with `logDateTime` 2^53−1 is a whole number, so it passed,
 * and the run's log went into a `NaN-NaN-NaN/` folder (no Date holds that instant). A time no date
 * can hold is refused, naming the field, and nothing is written.
 */
let h: AgentHarness
beforeAll(async () => (h = await AgentHarness.start()))
afterAll(async () => h?.stop())

const auth = { 'XXL-JOB-ACCESS-TOKEN': AGENT_TOKEN, 'XXL-JOB-APPNAME': AGENT_APP }
let logId = 5000

function trigger(time: Record<string, number>) {
  return {
    jobId: 7,
    executorHandler: 'demoJobHandler',
    executorParams: '',
    executorBlockStrategy: 'SERIAL_EXECUTION',
    executorTimeout: 0,
    logId: logId++,
    glueType: 'BEAN',
    glueSource: null,
    glueUpdatetime: 1,
    broadcastIndex: 0,
    broadcastTotal: 1,
    ...time,
  }
}

describe('a trigger time no date can hold', () => {
  for (const [field, value] of [
    ['logDateTime', 2 ** 53 - 1],
    ['logDateTim', 2 ** 53 - 1],
    ['logDateTime', 8.64e15 + 1],
  ] as const) {
    it(`${field} ${value} is refused on /run and /trigger, and no folder is written`, async () => {
      for (const path of ['/run', '/trigger']) {
        const before = listFiles(h.logPath)
        const reply = await postEnvelope(h.port, path, auth, JSON.stringify(trigger({ [field]: value })))
        expect(reply.code, `${path} ${field}=${value}: ${reply.msg}`).toBe(500)
        expect(reply.msg).toMatch(/logDateTim/)
        expect(listFiles(h.logPath)).toEqual(before)
      }
      expect(listFiles(h.logPath).filter((p) => /NaN|Invalid/.test(p))).toEqual([])
    })
  }
})
