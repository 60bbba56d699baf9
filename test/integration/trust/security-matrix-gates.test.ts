import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HARNESS_GROUP_APP } from '../../support/admin-harness'
import { securityWorld, type SecurityWorld } from '../../support/security-world'
import { waitFor } from '../../support/wait-for'
import { envelopeRefused, securityMatrix, type Credential } from './support/security-matrix'

/**
 * Trust round 3's part of the security suite: a gate (an approval) is a person's decision, refused
 * to every token that acts for no one — audited once as theirs, the gate still waiting.
 */
let w: SecurityWorld
beforeAll(async () => (w = await securityWorld()), 120_000)
afterAll(async () => w?.close())
const { admin, waitingFlowRun, auditAfter, newestAuditId, post } = securityMatrix(() => w)

/** The gate of a waiting flow run of A, and the job step after it, as the run stands. */
async function gateAndStep(flowRunId: number): Promise<{ gate: string; step: string }> {
  const nodes = (await admin().getFlowRun(flowRunId)).nodes
  return { gate: nodes.find((n) => n.key === 'gate')!.state, step: nodes.find((n) => n.key === 'a')!.state }
}

const PRINCIPAL_KIND = { group: 'group-token', api: 'api-token', executor: 'executor-token' } as const

describe('a gate is for people', () => {
  const decide = (credential: Credential, flowRunId: number, approve: boolean) => post('/api/decideApproval', credential, { flowRunId, key: 'gate', approve })

  it("refuses a group's token, the API token and the executor token (where the OpenAPI takes it): audited once as theirs, the gate still waiting, its step not run", async () => {
    await admin().saveSettings({ openApiAcceptsExecutorToken: true })
    try {
      for (const credential of ['group', 'api', 'executor'] as const) {
        for (const approve of [true, false]) {
          await w.auth.h.roomFor(1)
          const flowRunId = await waitingFlowRun()
          const action = approve ? 'flow.approve' : 'flow.reject'
          const mark = newestAuditId()
          const { result, changed } = await w.auth.h.tablesChangedBy(() => decide(credential, flowRunId, approve), envelopeRefused)
          expect(result.code, `${credential}: ${result.msg}`).toBe(500)
          expect(result.msg).toContain("a person's decision")
          expect(changed.filter((table) => table !== 'job_audit')).toEqual([])
          expect(auditAfter(mark).map((r) => ({ action: r.action, outcome: r.outcome, count: r.count }))).toEqual([{ action, outcome: 'refused', count: 1 }])
          const row = (await admin().listAudit({ action, outcome: 'refused', limit: 1 })).entries[0]
          expect(row).toMatchObject({ actorKind: PRINCIPAL_KIND[credential], target: 'decideApproval', detail: { reason: { code: 'auth.peopleOnly' } } })
          expect(await gateAndStep(flowRunId)).toEqual({ gate: 'waiting', step: 'pending' })
        }
      }
    } finally {
      await admin().saveSettings({ openApiAcceptsExecutorToken: false })
    }
  })

  it("takes the personal token of a user granted the flow's groups: the trail and the gate's note name that user, and the step runs", async () => {
    await w.auth.h.roomFor(1)
    const flowRunId = await waitingFlowRun()
    const reply = await decide('personal', flowRunId, true)
    expect(reply.code, reply.msg ?? '').toBe(200)
    const row = (await admin().listAudit({ action: 'flow.approve', outcome: 'ok', limit: 1 })).entries[0]
    expect(row).toMatchObject({ actor: 'op-lan/ci', actorKind: 'personal-token', target: `flow run ${flowRunId}` })
    await waitFor(`flow run ${flowRunId}'s step started`, async () => (await gateAndStep(flowRunId)).step === 'running')
    expect((await admin().getFlowRun(flowRunId)).nodes.find((n) => n.key === 'gate')!.note).toContain('op-lan')
  })

  it('refuses a node marked by hand (which could stand in for the gate) to a credential that acts for no person, whatever its rights', async () => {
    const flowRunId = await waitingFlowRun()
    const groupToken = {
      kind: 'group-token',
      name: `group token ${HARNESS_GROUP_APP}`,
      userId: null,
      role: 'operator',
      groupIds: [w.groupA.id],
      source: '127.0.0.1',
      mustChangePassword: false,
    } as const
    const asGroup = w.auth.h.headless.core.access.apiFor(async () => groupToken)
    const mark = newestAuditId()
    await expect(asGroup.markFlowNode({ flowRunId, key: 'gate', state: 'success' })).rejects.toMatchObject({ code: 'auth.peopleOnly' })
    expect(auditAfter(mark).map((r) => ({ action: r.action, outcome: r.outcome }))).toEqual([{ action: 'flow.mark', outcome: 'refused' }])
    expect(await gateAndStep(flowRunId)).toEqual({ gate: 'waiting', step: 'pending' })
  })
})
