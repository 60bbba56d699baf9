import { coded } from '../../../shared/messages'
import type { ExecutorReply } from '../../executor/executor-api'
import type { ProbeResult, RouteRequest, RouteTrail, SingleRouteStrategy } from './router'
import { emptyAddressTrail } from './router'

const PATH_BY_KIND = { beat: '/beat', idleBeat: '/idleBeat' } as const

/**
 * Probes the addresses one after another in list order and picks the first that answers code 200
 * (FAILOVER, BUSYOVER). Every probe made is kept for the trail; a rejected probe counts as code 500
 * with the error as its message, so one unreachable executor never fails the whole route.
 */
export async function probeInOrder(
  strategy: SingleRouteStrategy,
  kind: ProbeResult['kind'],
  request: RouteRequest,
  call: (address: string) => Promise<ExecutorReply>,
): Promise<RouteTrail> {
  const { addresses } = request
  if (addresses.length === 0) return emptyAddressTrail(strategy)
  const path = PATH_BY_KIND[kind]
  const probes: ProbeResult[] = []
  for (const address of addresses) {
    const result = await probeOnce(address, kind, call)
    probes.push(result)
    if (result.code === 200) {
      const failed = probes.length - 1
      const code = failed === 0 ? 'routeReason.probeFirst' : failed === 1 ? 'routeReason.probeAfterOne' : 'routeReason.probeAfterMany'
      return { strategy, candidates: [...addresses], probes, chosen: address, reason: coded(code, { address, path, failed }) }
    }
  }
  return {
    strategy,
    candidates: [...addresses],
    probes,
    chosen: null,
    reason: coded('routeReason.probeNone', { path, probed: probes.length }),
  }
}

async function probeOnce(address: string, kind: ProbeResult['kind'], call: (address: string) => Promise<ExecutorReply>): Promise<ProbeResult> {
  try {
    const reply = await call(address)
    return { address, kind, code: reply.code, msg: reply.msg ?? '' }
  } catch (error) {
    return { address, kind, code: 500, msg: String(error) }
  }
}
