import type { JobDeskApi } from '../../../shared/api'
import { client } from '../api/client'

/* Business calendars: the Calendars page and the job and flow editors read them when they open. */

export const listCalendars: JobDeskApi['listCalendars'] = (...args) => client().listCalendars(...args)
export const addCalendar: JobDeskApi['addCalendar'] = (...args) => client().addCalendar(...args)
export const updateCalendar: JobDeskApi['updateCalendar'] = (...args) => client().updateCalendar(...args)
export const removeCalendar: JobDeskApi['removeCalendar'] = (...args) => client().removeCalendar(...args)
export const simulateSchedule: JobDeskApi['simulateSchedule'] = (...args) => client().simulateSchedule(...args)
export const importCalendar: JobDeskApi['importCalendar'] = (...args) => client().importCalendar(...args)
