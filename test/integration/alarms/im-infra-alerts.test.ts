import { afterEach, describe, expect, it } from 'vitest'
import { AlarmService } from '../../../src/main/completion/alarm-service'
import { InfraAlerts } from '../../../src/main/completion/infra-alerts'
import { MISFIRE_BURST_COUNT } from '../../../src/main/completion/misfire-bursts'
import { silentLogger } from '../../../src/main/kernel/logger'
import { openStore } from '../../../src/main/store/open-store'
import type { Store } from '../../../src/main/store/store'
import { ALARM_STATUS } from '../../../src/shared/model'
import type { ImChannel } from '../../../src/shared/settings-types'
import { makeTempDir } from '../../support/temp-dir'
import { addGroup, addJob } from '../../store/conformance/store-fixture'
import { reply, startHttpRecorder, type HttpRecorder } from './support/http-recorder'

/** Dead executors and misfire bursts reach the IM channels set for infrastructure alerts, once per event. */

const MINUTE_START = Date.UTC(2026, 5, 1, 8, 30, 0)
const cleanups: (() => Promise<unknown> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

interface Node {
  store: Store
  alerts: InfraAlerts
}

async function world(nodeCount: number) {
  const slack: HttpRecorder = await startHttpRecorder((_r, _i, res) => reply(res, 200, 'ok'))
  cleanups.push(() => slack.close())
  const dir = makeTempDir()
  cleanups.push(() => dir.remove())
  let now = MINUTE_START
  const clock = { nowMs: () => now, sleep: async () => undefined }
  const channel: ImChannel = { type: 'slack', name: 'oncall', url: `${slack.origin}/services/T/B/x`, language: 'en', events: ['infraAlerts'] }
  const nodes: Node[] = []
  for (let i = 0; i < nodeCount; i++) {
    const store = await openStore(`${dir.path}/jobdesk.db`)
    cleanups.push(() => store.close())
    const alarms = new AlarmService(store, { logger: silentLogger, clock, onDesktop: () => undefined, onFlowDesktop: () => undefined })
    alarms.reload({ desktop: false, webhooks: [], smtp: null, imChannels: [channel] })
    cleanups.push(() => alarms.close())
    nodes.push({ store, alerts: new InfraAlerts(store, { send: (a) => alarms.sendAlert(a), language: () => null, nowMs: clock.nowMs, logger: silentLogger }) })
  }
  const group = await addGroup(nodes[0].store, 'billing-app')
  const job = await addJob(nodes[0].store, group, { name: 'hourly sync' })
  return { slack, nodes, job, setNow: (ms: number) => void (now = ms) }
}

const sectionText = (body: string) => (JSON.parse(body) as { blocks: { text: { text: string } }[] }).blocks[0].text.text

describe('infrastructure alerts on IM channels', () => {
  it('an executor gone dead reaches the channel and the alert row records it as sent', async () => {
    const { slack, nodes } = await world(1)
    nodes[0].alerts.executorsDead([{ appName: 'billing-app', address: 'http://127.0.0.1:9/', lastBeatMs: MINUTE_START - 90_000 }])
    await nodes[0].alerts.settled()

    expect(slack.requests).toHaveLength(1)
    expect(JSON.parse(slack.requests[0].body).text).toBe('[JobDesk] Executor dead: billing-app http://127.0.0.1:9/')
    expect(sectionText(slack.requests[0].body)).toContain('*When*: 2026-06-01 08:28:30 UTC')
    expect(await nodes[0].store.alerts.since(0, 10)).toMatchObject([{ kind: 'executorDead', alarmStatus: ALARM_STATUS.sent, alarmMessage: '' }])
  })

  it(`${MISFIRE_BURST_COUNT} misfires of one group within a minute give one alert, however many nodes count them; the next minute's burst another`, async () => {
    const { slack, nodes, job, setNow } = await world(2)
    const misfire = async (times: number) => {
      for (let i = 0; i < times; i++) for (const node of nodes) node.alerts.misfire(job)
      await Promise.all(nodes.map((node) => node.alerts.settled()))
    }
    await misfire(MISFIRE_BURST_COUNT - 1)
    expect(slack.requests).toHaveLength(0)

    setNow(MINUTE_START + 59_000)
    await misfire(MISFIRE_BURST_COUNT)
    expect(slack.requests).toHaveLength(1)
    expect(JSON.parse(slack.requests[0].body).text).toBe('[JobDesk] Misfire burst: billing-app')

    setNow(MINUTE_START + 60_000)
    await misfire(MISFIRE_BURST_COUNT - 1)
    expect(slack.requests).toHaveLength(1)
    await misfire(1)
    expect(slack.requests).toHaveLength(2)
    const rows = await nodes[1].store.alerts.since(0, 10)
    expect(rows.map((r) => [r.kind, r.subject, r.eventTimeMs, r.alarmStatus])).toEqual([
      ['misfireBurst', 'billing-app', MINUTE_START + 60_000, ALARM_STATUS.sent],
      ['misfireBurst', 'billing-app', MINUTE_START, ALARM_STATUS.sent],
    ])
  })

  it("a node's clock off the database's reaches the channel once per episode, saying by how much and what the node does about it", async () => {
    const { slack, nodes } = await world(1)
    const node = { nodeId: 'a1b2c3d4', nodeName: 'node-east' }
    nodes[0].alerts.clockSkewed(node, 2012, MINUTE_START)
    // The same episode told again (a second start of the same measurement): one row, one message.
    nodes[0].alerts.clockSkewed(node, 2012, MINUTE_START)
    await nodes[0].alerts.settled()

    expect(slack.requests).toHaveLength(1)
    expect(JSON.parse(slack.requests[0].body).text).toBe('[JobDesk] Node clock off: node-east')
    const text = sectionText(slack.requests[0].body)
    expect(text).toContain("is off the database server's by more than 250 ms")
    expect(text).toContain('Above 500 ms it plans and fires no scheduled fires')
    expect(slack.requests[0].body).toContain('ahead by 2012 ms')
    expect(await nodes[0].store.alerts.since(0, 10)).toMatchObject([
      { kind: 'clockSkew', subject: 'node-east', eventTimeMs: MINUTE_START, alarmStatus: ALARM_STATUS.sent },
    ])
  })
})
