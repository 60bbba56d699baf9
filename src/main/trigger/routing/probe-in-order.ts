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
      const skipped = probes.length - 1
      const after =
        skipped === 0 ? 'the first address probed' : `after ${skipped} failed ${skipped === 1 ? 'probe' : 'probes'}`
      return {
        strategy,
        candidates: [...addresses],
        probes,
        chosen: address,
        reason: `${address} answered ${path} with code 200, ${after}.`,
      }
    }
  }
  return {
    strategy,
    candidates: [...addresses],
    probes,
    chosen: null,
    reason: `No address answered ${path} with code 200 (${probes.length} probed); route failed.`,
  }
}

async function probeOnce(
  address: string,
  kind: ProbeResult['kind'],
  call: (address: string) => Promise<ExecutorReply>,
): Promise<ProbeResult> {
  try {
    const reply = await call(address)
    return { address, kind, code: reply.code, msg: reply.msg ?? '' }
  } catch (error) {
    return { address, kind, code: 500, msg: String(error) }
  }
}
