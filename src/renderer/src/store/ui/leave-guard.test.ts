import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { flowEditRoute, flowsRoute, runsRoute } from '../../kit/route'
import { useJobDesk } from '../index'

// The slice writes the address fragment; a plain object stands in for the browser's location and history.
const address = { hash: '#/settings' }
beforeEach(() => {
  vi.stubGlobal('location', address)
  vi.stubGlobal('history', { pushState: (_state: unknown, _title: string, hash: string) => (address.hash = hash) })
  useJobDesk.setState({ route: { page: 'settings' }, unsavedChanges: false, pendingRoute: null })
})
afterEach(() => vi.unstubAllGlobals())

describe('leaving a page with unsaved edits', () => {
  it('asks instead of leaving, and stays when the operator keeps editing', () => {
    useJobDesk.getState().setUnsavedChanges(true)
    useJobDesk.getState().navigate({ page: 'jobs' })
    expect(useJobDesk.getState()).toMatchObject({ route: { page: 'settings' }, pendingRoute: { page: 'jobs' } })
    useJobDesk.getState().resolvePendingRoute(false)
    expect(useJobDesk.getState()).toMatchObject({ route: { page: 'settings' }, pendingRoute: null, unsavedChanges: true })
    expect(address.hash).toBe('#/settings')
  })

  it('goes where asked once the operator discards the edits', () => {
    useJobDesk.getState().setUnsavedChanges(true)
    useJobDesk.getState().navigate(runsRoute(7))
    useJobDesk.getState().resolvePendingRoute(true)
    expect(useJobDesk.getState()).toMatchObject({ route: runsRoute(7), pendingRoute: null, unsavedChanges: false })
    expect(address.hash).toBe('#/runs/7')
  })

  it('puts the page back in the address when Back left it, then asks', () => {
    useJobDesk.getState().setUnsavedChanges(true)
    address.hash = '#/jobs'
    useJobDesk.getState().applyRoute({ page: 'jobs' })
    expect(address.hash).toBe('#/settings')
    expect(useJobDesk.getState().pendingRoute).toEqual({ page: 'jobs' })
  })

  it('asks when the flow editor is left for another view of Flows', () => {
    useJobDesk.setState({ route: flowEditRoute(3) })
    useJobDesk.getState().setUnsavedChanges(true)
    useJobDesk.getState().navigate(flowsRoute())
    expect(useJobDesk.getState()).toMatchObject({ route: flowEditRoute(3), pendingRoute: flowsRoute() })
    useJobDesk.getState().resolvePendingRoute(false)
  })

  it('does not ask without unsaved edits', () => {
    useJobDesk.getState().navigate({ page: 'dag', runId: null })
    expect(useJobDesk.getState().route).toEqual({ page: 'dag', runId: null })
  })
})
