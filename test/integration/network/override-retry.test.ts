import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { startLanAdmin, type LanAdmin } from '../../support/lan-harness'
import { makeTempDir } from '../../support/temp-dir'

let admin: LanAdmin | undefined
let dir: ReturnType<typeof makeTempDir> | undefined
afterEach(async () => {
  await admin?.stop()
  dir?.remove()
  admin = dir = undefined
})

describe('a run triggered on an address override', () => {
  it('is retried on the address the operator chose, not on the group’s route', async () => {
    admin = await startLanAdmin({ monitorTimings: { failMonitorPeriodMs: 100 } })
    await admin.startAgent('chosen')
    await admin.startAgent('chosen')
    const addresses = await admin.groupAddresses('chosen', 2)
    dir = makeTempDir('jobdesk-override-retry-')
    // FIRST would route to addresses[0]; the operator chose addresses[1] for this trigger.
    const job = await admin.addJob('chosen', {
      executorRouteStrategy: 'FIRST',
      executorHandler: 'flakyJobHandler',
      executorParam: `${join(dir.path, 'attempts')}|1`,
      executorFailRetryCount: 1,
    })
    await admin.headless.core.api.triggerJob({ jobId: job, addressList: [addresses[1]] })
    const [failed, retry] = await admin.finishedRuns(job, 2)
    expect(failed).toMatchObject({ handleCode: 500, executorAddress: addresses[1] })
    expect(retry).toMatchObject({ triggerType: 'RETRY', parentLogId: failed.id, handleCode: 200, executorAddress: addresses[1] })
    expect(retry.triggerTrail?.group?.registration).toBe('override')
  })
})
