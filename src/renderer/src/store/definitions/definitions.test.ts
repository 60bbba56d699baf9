import { afterEach, describe, expect, it, vi } from 'vitest'
import type { DefinitionOrigin } from '../../../../shared/definition-origin'
import type { JobGroup, JobInfo } from '../../../../shared/model'
import { setClient } from '../../api/client'
import { fakeClient } from '../../api/fake-client'
import { applyEvent } from '../events'
import { useJobDesk } from '../index'
import { initialDefinitionsState } from './initialState'
import { selectFlowOrigin, selectJobOrigin } from './selectors'

const origin = (kind: DefinitionOrigin['kind'], key: string, file: string, appliedAtMs = 1000): DefinitionOrigin => ({ kind, key, file, appliedAtMs })

/** A core whose origins are `held` at the time of each call. */
function fakeCore(held: { origins: DefinitionOrigin[] }) {
  const core = { listDefinitionOrigins: vi.fn(async () => held.origins) }
  setClient(fakeClient(core))
  return core
}

afterEach(() => {
  setClient(null)
  useJobDesk.setState({ ...initialDefinitionsState, groups: [], jobs: [] })
})

describe('the definitions slice', () => {
  it('finds a job by its group’s app name and name, and a flow by its name, each by its own kind', async () => {
    fakeCore({
      origins: [
        origin('Job', 'billing/report', 'jobs/report.yaml'),
        origin('Flow', 'nightly', 'flows/nightly.yaml'),
        // A group named like the flow: the kind keeps them apart.
        origin('Group', 'report', 'groups/report.yaml'),
      ],
    })
    await useJobDesk.getState().fetchDefinitionOrigins()
    const store = useJobDesk.getState()
    expect(store.originOfJob('billing', 'report')?.file).toBe('jobs/report.yaml')
    expect(store.originOfJob('other', 'report')).toBeUndefined()
    expect(store.originOfFlow('nightly')?.file).toBe('flows/nightly.yaml')
    expect(store.originOfFlow('report')).toBeUndefined()
    expect(selectJobOrigin('billing', 'report')(store)?.file).toBe('jobs/report.yaml')
    // A job whose group is not read yet has no key to look up.
    expect(selectJobOrigin(undefined, 'report')(store)).toBeUndefined()
    expect(selectFlowOrigin('nightly')(store)?.kind).toBe('Flow')
  })

  it('re-reads on jobs-changed and flows-changed, once per burst, and keeps the index when nothing changed', async () => {
    const held = { origins: [origin('Job', 'billing/report', 'jobs/report.yaml')] }
    const core = fakeCore(held)
    await useJobDesk.getState().fetchDefinitionOrigins()
    const first = useJobDesk.getState().definitionOrigins

    // What an apply sends: one read for the burst and one after it.
    applyEvent({ type: 'jobs-changed', jobIds: [] })
    applyEvent({ type: 'flows-changed' })
    await vi.waitFor(() => expect(core.listDefinitionOrigins).toHaveBeenCalledTimes(3))
    expect(useJobDesk.getState().definitionOrigins).toBe(first)

    held.origins = [origin('Job', 'billing/report', 'jobs/billing.yaml', 2000), origin('Flow', 'nightly', 'flows/nightly.yaml')]
    applyEvent({ type: 'flows-changed' })
    await vi.waitFor(() => expect(useJobDesk.getState().originOfFlow('nightly')).toBeDefined())
    expect(useJobDesk.getState().originOfJob('billing', 'report')?.file).toBe('jobs/billing.yaml')
  })

  it('reads the groups again when an apply brought one the console does not know (a job’s badge needs its app name)', async () => {
    const held = { origins: [origin('Flow', 'nightly', 'flows/nightly.yaml')] }
    const listGroups = vi.fn(async () => [{ id: 1, appName: 'billing' } as JobGroup])
    setClient(fakeClient({ listDefinitionOrigins: vi.fn(async () => held.origins), listGroups }))
    useJobDesk.setState({ groups: [{ id: 1, appName: 'billing' } as JobGroup] })
    await useJobDesk.getState().fetchDefinitionOrigins()
    // A flow belongs to no group.
    expect(listGroups).not.toHaveBeenCalled()

    held.origins = [...held.origins, origin('Job', 'billing/report', 'jobs/report.yaml')]
    await useJobDesk.getState().fetchDefinitionOrigins()
    expect(listGroups).not.toHaveBeenCalled()

    held.origins = [...held.origins, origin('Job', 'shipping/label', 'jobs/label.yaml')]
    await useJobDesk.getState().fetchDefinitionOrigins()
    expect(listGroups).toHaveBeenCalledTimes(1)
  })

  it('keeps the marks it has when a read fails, without rejecting', async () => {
    const held = { origins: [origin('Flow', 'nightly', 'flows/nightly.yaml')] }
    const core = fakeCore(held)
    await useJobDesk.getState().fetchDefinitionOrigins()
    core.listDefinitionOrigins.mockRejectedValueOnce(new Error('core went away'))
    await expect(useJobDesk.getState().fetchDefinitionOrigins()).resolves.toBeUndefined()
    expect(useJobDesk.getState().originOfFlow('nightly')?.file).toBe('flows/nightly.yaml')
  })

  it('asks only about the jobs it has read, and about a page of jobs once', async () => {
    const core = fakeCore({ origins: [origin('Job', 'billing/report', 'jobs/report.yaml'), origin('Group', 'billing', 'groups.yaml')] })
    const group = { id: 7, appName: 'billing' } as JobGroup
    const report = { id: 1, name: 'report', jobGroup: 7 } as JobInfo
    const other = { id: 2, name: 'other', jobGroup: 99 } as JobInfo
    useJobDesk.setState({ groups: [group], jobs: [report, other] })
    await useJobDesk.getState().fetchDefinitionOrigins()
    expect(core.listDefinitionOrigins).toHaveBeenLastCalledWith({ jobKeys: ['billing/report'] })
    await useJobDesk.getState().fetchOriginsOf([report])
    expect(core.listDefinitionOrigins, 'already asked about').toHaveBeenCalledTimes(1)
    const digest = { id: 3, name: 'digest', jobGroup: 7 } as JobInfo
    await useJobDesk.getState().fetchOriginsOf([report, digest])
    expect(core.listDefinitionOrigins).toHaveBeenLastCalledWith({ jobKeys: ['billing/digest'] })
    expect(useJobDesk.getState().originOfJob('billing', 'report')?.file).toBe('jobs/report.yaml')
  })
})
