import { probeInOrder } from './probe-in-order'
import type { Router } from './router'

/** BUSYOVER: the first address, in list order, whose `/idleBeat {jobId}` answers code 200 (job not busy there). */
export const busyoverRouter: Router = {
  route: (request) => probeInOrder('BUSYOVER', 'idleBeat', request, (address) => request.probe.idleBeat(address, request.jobId)),
}
