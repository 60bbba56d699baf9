import { describe, expect, it } from 'vitest'
import { nodeRouteActive, peerExecutorThroughRoute } from './node-route'

const alone = { peerCount: () => 0 }
const withPeers = { peerCount: () => 2 }

describe('nodeRouteActive', () => {
  it('is open on a server database, and on SQLite only while another process shares the file', () => {
    expect(nodeRouteActive('postgres', alone)).toBe(true)
    expect(nodeRouteActive('mysql', alone)).toBe(true)
    expect(nodeRouteActive('sqlite', withPeers)).toBe(true)
    expect(nodeRouteActive('sqlite', alone)).toBe(false)
  })
})

describe('peerExecutorThroughRoute', () => {
  const membership = { peerExecutorUrl: (address: string) => (address === 'embedded://b' ? 'http://127.0.0.1:9/node/b/executor' : null) }
  const secret = () => 'cluster-secret'

  it("reaches another live node's embedded executor while the route is open", () => {
    const client = peerExecutorThroughRoute('embedded://b', { routeActive: () => true, membership, secret })
    expect(client).not.toBeNull()
    expect(typeof client?.run).toBe('function')
  })

  it('reaches none while the route is closed, nor an address no other node has', () => {
    expect(peerExecutorThroughRoute('embedded://b', { routeActive: () => false, membership, secret })).toBeNull()
    expect(peerExecutorThroughRoute('embedded://c', { routeActive: () => true, membership, secret })).toBeNull()
  })
})
