import { afterEach, describe, expect, it } from 'vitest'
import { waitFor } from '../../../test/support/wait-for'
import { systemClock } from '../kernel/clock'
import { silentLogger } from '../kernel/logger'
import type { Repos } from '../store/store'
import { AlarmService } from './alarm-service'
import type { FlowDesktopNotice, FlowNoticeFacts } from './alarms'

// Flow notices name their flow themselves: the service reads no table for them.
const noStore = {} as Pick<Repos, 'jobs' | 'groups'>
const approval: FlowNoticeFacts = { kind: 'approval', flowRunId: 812, flowId: 3, flowName: 'Nightly ETL', alarmEmail: '', key: 'ok', prompt: 'Go?' }

const services: AlarmService[] = []
function service(onFlowDesktop: (notice: FlowDesktopNotice) => void): AlarmService {
  const created = new AlarmService(noStore, { logger: silentLogger, clock: systemClock, onDesktop: () => undefined, onFlowDesktop })
  services.push(created)
  return created
}
afterEach(async () => {
  await Promise.all(services.splice(0).map((s) => s.close()))
})

describe('AlarmService.sendFlowNotice', () => {
  it('is true when every channel of the current settings delivered (the default: the desktop)', async () => {
    const shown: FlowDesktopNotice[] = []
    expect(await service((notice) => shown.push(notice)).sendFlowNotice(approval)).toBe(true)
    expect(shown).toEqual([{ kind: 'approval', flowRunId: 812, flowId: 3, flowName: 'Nightly ETL', detail: 'Go?' }])
  })

  it('is false, without rejecting, when a channel failed', async () => {
    const s = service(() => {
      throw new Error('no display')
    })
    expect(await s.sendFlowNotice(approval)).toBe(false)
  })

  it('sends on the channels of the settings last loaded', async () => {
    const shown: FlowDesktopNotice[] = []
    const s = service((notice) => shown.push(notice))
    s.reload({ webhooks: [], smtp: null, desktop: false })
    expect(await s.sendFlowNotice(approval)).toBe(true)
    expect(shown).toEqual([])
    // An alarm email but no SMTP server: the mail cannot go out.
    expect(await s.sendFlowNotice({ ...approval, alarmEmail: 'ops@example.com' })).toBe(false)
  })
})

describe('AlarmService.announceFlowNotice', () => {
  it('logs the notice and sends it while the caller goes on', async () => {
    const logged: string[] = []
    const shown: FlowDesktopNotice[] = []
    const logger = { ...silentLogger, info: (message: string) => void logged.push(message) }
    const created = new AlarmService(noStore, { logger, clock: systemClock, onDesktop: () => undefined, onFlowDesktop: (notice) => shown.push(notice) })
    services.push(created)
    created.announceFlowNotice(approval)
    expect(logged).toEqual(['flow notice'])
    await waitFor('the notice shown on the desktop', () => shown.length > 0)
    expect(shown).toEqual([{ kind: 'approval', flowRunId: 812, flowId: 3, flowName: 'Nightly ETL', detail: 'Go?' }])
  })
})
