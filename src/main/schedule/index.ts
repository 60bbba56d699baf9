/**
 * The schedule module: when a job fires next, as pure functions of a reference time.
 * CRON uses the Quartz dialect XXL-JOB stores; FIX_RATE is a whole number of seconds; NONE never fires.
 */
export { nextFireTimeMs, previewFireTimes } from './next-fire'
export { validateSchedule } from './validate-schedule'
