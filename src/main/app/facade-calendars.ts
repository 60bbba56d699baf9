import type { JobDeskApi } from '../../shared/api'
import { simulateServerSchedule, type SimulationWindow } from '../calendars/schedule-simulation'
import type { FacadeDeps } from './facade-deps'

type CalendarsApi = Pick<
  JobDeskApi,
  'listCalendars' | 'getCalendar' | 'addCalendar' | 'updateCalendar' | 'removeCalendar' | 'importCalendar' | 'simulateSchedule'
>

/**
 * Business calendars (src/main/calendars/). The writer's name is a second argument the method's
 * rule adds (auth/calendar-rules.ts).
 */
export function calendarsApi(deps: Pick<FacadeDeps, 'calendars' | 'store'>): CalendarsApi {
  const { calendars, store } = deps
  return {
    listCalendars: () => calendars.list(),
    getCalendar: ({ name }) => calendars.get(name),
    addCalendar: (calendar, by = 'someone') => calendars.add(calendar, by),
    updateCalendar: (calendar, by = 'someone') => calendars.update(calendar, by),
    removeCalendar: ({ name }) => calendars.remove(name),
    importCalendar: (request, by = 'someone') => calendars.importFile(request, by),
    // The checked API read both ends to epoch ms (shared/schema/calendar.ts `instant`).
    simulateSchedule: (request) => simulateServerSchedule(store, request as SimulationWindow),
  }
}
