import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NODE_EXECUTOR_PATH } from '../../../src/main/cluster/node-executor-route'
import { jobInputOf } from '../../../src/shared/job-defaults'
import type { BridgeResult } from '../../../src/shared/bridge-protocol'
import { HARNESS_EXECUTOR_TOKEN } from '../../support/admin-harness'
import { jobInput } from '../../support/job-input'
import { securityWorld, type SecurityWorld } from '../../support/security-world'
import { makeTempDir } from '../../support/temp-dir'
import { waitFor } from '../../support/wait-for'

/**
 * The chain of issue 19, end to end with `--enable-scripts`: a viewer's and an operator's session
 * of a LAN group try every way there is to get a script run on the JobDesk host (the embedded
 * executor) or a request sent where they point — none works, and nothing reaches an address no
 * group registers. (An operator granted the embedded group itself may run scripts there: that is
 * what enabling scripts is for, and not what this is about.)
 */
let w: SecurityWorld
const temp = makeTempDir('jobdesk-chain-')
const marker = join(temp.path, 'ran-on-the-host')
const script = `touch '${marker}'`

beforeAll(async () => (w = await securityWorld({ enableScripts: true })), 120_000)
afterAll(async () => {
  await w?.close()
  temp.remove()
})

async function attempt(role: 'operator' | 'viewer', method: string, args: unknown[]): Promise<BridgeResult> {
  const answer = await w.sessions[role].call(method, args)
  if (answer.kind !== 'result') throw new Error(`${method}: the bridge closed`)
  return answer.result
}

describe('with scripts enabled on the host', () => {
  for (const role of ['operator', 'viewer'] as const) {
    it(`the ${role} of a LAN group gets no script run on the host and no request sent where it points`, async () => {
      const api = w.auth.h.headless.core.api
      const embeddedJob = await api.getJob(w.jobs.embedded.id)
      const runsBefore = (await api.listRuns({ limit: 1 })).runs[0]?.id ?? 0
      const refused: [string, unknown[]][] = [
        // A script job on the embedded executor's group, new or moved there.
        [
          'saveJob',
          [
            jobInput(w.embeddedGroupId, {
              name: 'on the host',
              scheduleType: 'NONE',
              scheduleConf: '',
              glueType: 'GLUE_SHELL',
              glueSource: script,
              executorHandler: '',
            }),
          ],
        ],
        ['saveJob', [{ ...jobInputOf(w.jobs.glueA), jobGroup: w.embeddedGroupId, glueSource: script }]],
        ['saveGlue', [{ jobId: embeddedJob.id, glueSource: script, glueRemark: 'sneaky' }]],
        // A's script sent to the host's embedded executor, or anywhere else.
        ['triggerJob', [{ jobId: w.jobs.glueA.id, addressList: [w.embeddedAddress] }]],
        ['triggerJob', [{ jobId: w.jobs.glueA.id, addressList: [w.attacker.address] }]],
        ['previewRoute', [{ jobId: w.jobs.failoverA.id, addressList: [w.embeddedAddress, w.attacker.address] }]],
        ['probeExecutor', [{ address: w.embeddedAddress, kind: 'beat', groupId: w.groupA.id }]],
        ['probeExecutor', [{ address: w.attacker.address, kind: 'beat', groupId: w.groupA.id }]],
        // A child on the host, fired by A's job.
        ['saveLink', [{ parentJobId: w.jobs.a.id, childJobId: embeddedJob.id, condition: 'ALWAYS' }]],
        ['triggerJob', [{ jobId: embeddedJob.id }]],
        ['importJobs', [{ document: { format: 'jobdesk.jobs', version: 1, exportedAtMs: 0, groups: [], jobs: [], links: [] }, onConflict: 'update' }]],
      ]
      for (const [method, args] of refused) {
        const result = await attempt(role, method, args)
        expect(result.ok, `${role} ${method} ${JSON.stringify(args).slice(0, 200)}`).toBe(false)
      }
      // The node route takes none of this either: on a lone node it does not exist at all.
      const node = await fetch(`${w.auth.origin}${NODE_EXECUTOR_PATH}/${w.auth.h.headless.core.nodeId}/run`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'xxl-job-access-token': HARNESS_EXECUTOR_TOKEN },
        body: JSON.stringify({ logId: w.runA, glueType: 'GLUE_SHELL', glueSource: script }),
      })
      expect(node.status).toBe(404)

      // Nothing was run by the embedded executor for these sessions, and no script on the host.
      const { runs } = await api.listRuns({ limit: 1000 })
      expect(runs.filter((run) => run.id > runsBefore && run.executorAddress === w.embeddedAddress)).toEqual([])
      expect(existsSync(marker), 'a script ran on the JobDesk host').toBe(false)
      expect(w.attacker.requests, 'a request reached the address the session pointed at').toEqual([])
    })
  }

  it("the operator's own script runs on the group's executor, with the group's token, not on the host", async () => {
    const saved = await w.sessions.operator.value<{ id: number }>('saveGlue', [{ jobId: w.jobs.glueA.id, glueSource: script, glueRemark: 'the group runs it' }])
    expect(saved.id).toBe(w.jobs.glueA.id)
    const before = w.aExecutor.requests.length
    const trigger = await w.sessions.operator.value<{ logIds: number[] }>('triggerJob', [{ jobId: w.jobs.glueA.id }])
    const run = await waitFor('the trigger outcome', async () => {
      const found = await w.auth.h.headless.core.api.getRun(trigger.logIds[0])
      return found.triggerCode !== 0 && found
    })
    expect(run).toMatchObject({ triggerCode: 200, executorAddress: w.aExecutor.address })
    const sent = w.aExecutor.requests.slice(before).find((r) => r.path === '/run')!
    expect(JSON.parse(sent.body)).toMatchObject({ glueType: 'GLUE_SHELL', glueSource: script })
    expect(existsSync(marker)).toBe(false)
  })
})
