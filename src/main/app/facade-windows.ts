import type { JobDeskApi } from '../../shared/api'
import { MISSED_SLOTS_MAX_ROWS } from '../../shared/schema/missed-slots'
import type { FacadeDeps } from './facade-deps'

type WindowsApi = Pick<JobDeskApi, 'listWindows' | 'addWindow' | 'updateWindow' | 'removeWindow' | 'getMaintenance' | 'setMaintenance' | 'listMissedSlots'>

/**
 * Maintenance windows, pause-all and the slots the scheduler did not fire (src/main/calendars/).
 * The writer's name is a second argument the method's rule adds (auth/window-rules.ts).
 */
export function windowsApi(deps: Pick<FacadeDeps, 'windows' | 'maintenance' | 'store'>): WindowsApi {
  const { windows, maintenance, store } = deps
  return {
    listWindows: () => windows.list(),
    addWindow: (window, by = 'someone') => windows.add(window, by),
    updateWindow: (window, by = 'someone') => windows.update(window, by),
    removeWindow: ({ id }) => windows.remove(id),
    getMaintenance: () => maintenance.get(),
    setMaintenance: (request, by = 'someone') => maintenance.set(request, by),
    listMissedSlots: (request) => {
      // The checked API read both ends to epoch ms (shared/schema/calendar.ts `instant`) and made sure one id is given.
      const { jobId, flowId, from, to } = request as { jobId?: number; flowId?: number; from: number; to: number }
      const target = jobId !== undefined ? { jobId } : { flowId: flowId! }
      return store.missedSlots.list(target, from, to, MISSED_SLOTS_MAX_ROWS)
    },
  }
}
