import type { JobDeskApi } from '../../../shared/api'
import { client } from '../api/client'

/** Asks the core to reach an executor address now (the probe button shows the answer). */
export const probeExecutor: JobDeskApi['probeExecutor'] = (...args) => client().probeExecutor(...args)
