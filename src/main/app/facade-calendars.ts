import type { JobDeskApi } from '../../shared/api'
import type { FacadeDeps } from './facade-deps'

type CalendarsApi = Pick<JobDeskApi, 'listCalendars' | 'getCalendar' | 'addCalendar' | 'updateCalendar' | 'removeCalendar' | 'importCalendar'>

/**
 * Business calendars (src/main/calendars/). The writer's name is a second argument the method's
 * rule adds (auth/calendar-rules.ts).
 */
export function calendarsApi(deps: Pick<FacadeDeps, 'calendars'>): CalendarsApi {
  const { calendars } = deps
  return {
    listCalendars: () => calendars.list(),
    getCalendar: ({ name }) => calendars.get(name),
    addCalendar: (calendar, by = 'someone') => calendars.add(calendar, by),
    updateCalendar: (calendar, by = 'someone') => calendars.update(calendar, by),
    removeCalendar: ({ name }) => calendars.remove(name),
    importCalendar: ({ name, ics, timezone }, by = 'someone') => calendars.importIcs(name, ics, by, timezone),
  }
}
