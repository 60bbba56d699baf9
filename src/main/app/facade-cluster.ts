import type { ClusterNodeView, ClusterView, JobDeskApi } from '../../shared/api'
import { PERIODIC_WORK_LEASE } from '../cluster/node-membership'
import type { FacadeDeps } from './facade-deps'

type ClusterApi = Pick<JobDeskApi, 'getCluster' | 'rotateClusterSecret'>

export function clusterApi(deps: Pick<FacadeDeps, 'store' | 'nodeId' | 'nowMs' | 'cluster'>): ClusterApi {
  const { store, nodeId, nowMs, cluster } = deps
  const view = async (): Promise<ClusterView> => {
    const atMs = nowMs()
    const [nodes, ring, leases] = await Promise.all([store.nodes.list(), store.ring.countByNode(), store.leases.list()])
    const periodic = leases.find((lease) => lease.name === PERIODIC_WORK_LEASE && lease.leaseUntilMs >= atMs)
    const views = nodes.map((node): ClusterNodeView => ({
      nodeId: node.nodeId,
      nodeName: node.nodeName,
      adminUrl: node.adminUrl,
      embeddedAddress: node.embeddedAddress,
      startedAtMs: node.startedAtMs,
      heartbeatAtMs: node.heartbeatAtMs,
      leaseUntilMs: node.leaseUntilMs,
      alive: node.leaseUntilMs >= atMs,
      ringRows: ring.get(node.nodeId) ?? 0,
      periodicWork: periodic?.nodeId === node.nodeId,
      self: node.nodeId === nodeId,
      epoch: node.epoch,
      clockSkewMs: node.clockSkewMs,
    }))
    return {
      engine: store.engine,
      location: store.location,
      nodes: views,
      atMs,
      nodeRoute: cluster.nodeRouteActive(),
      secretRotatedAtMs: cluster.secret.rotatedAtMs(),
    }
  }
  return {
    getCluster: view,
    async rotateClusterSecret() {
      await cluster.secret.rotate()
      return view()
    },
  }
}
