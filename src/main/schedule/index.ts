/**
 * The schedule module: when a job fires next, as pure functions of a reference time.
 * CRON uses the Quartz dialect XXL-JOB stores; FIX_RATE is a whole number of seconds; NONE never fires.
 */
export { nextFireTimeMs, previewFireTimes, type ScheduleSpec } from './next-fire'
export { validateSchedule } from './validate-schedule'
export { cronNextFireMs } from './cron'
export { CronCache, cronCache, DEFAULT_CRON_CACHE_ENTRIES, type CronEntry } from './cron-cache'
export { parseQuartzCron, type QuartzCron } from './cron-parse'
export { fixRateNextFireMs, parseFixRateSec, FIX_RATE_MAX_SEC } from './fix-rate'
export { assertIanaTimeZone, isIanaTimeZone, zoneOffsetMs } from './timezone'
