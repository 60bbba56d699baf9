import type { JobInput } from '../../../../../shared/model'

/** The schedule fields a job and a flow share (the flow editor uses the schedule section too). */
export type ScheduleFields = Pick<JobInput, 'scheduleType' | 'scheduleConf' | 'timezone' | 'misfireStrategy' | 'calendar' | 'calendarRule' | 'calendarRoll'>
