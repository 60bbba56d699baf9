/**
 * How a job or a flow uses a calendar. `BUSINESS_DAYS` fires only on business days, `NON_BUSINESS_DAYS`
 * only on the others. A fire that falls on a day the rule excludes is skipped (`SKIP`), or moved to
 * the next (`NEXT`) or previous (`PREVIOUS`) day the rule allows, at the same local time.
 */
export const CALENDAR_RULES = ['BUSINESS_DAYS', 'NON_BUSINESS_DAYS'] as const
export type CalendarRule = (typeof CALENDAR_RULES)[number]

export const CALENDAR_ROLLS = ['SKIP', 'NEXT', 'PREVIOUS'] as const
export type CalendarRoll = (typeof CALENDAR_ROLLS)[number]

/**
 * A roll moves one fire of a day to another day. A schedule that fires more often than this can only
 * SKIP: a moved fire per second of a week-long holiday is no one's intent, and costs the scan.
 */
export const ROLL_MIN_SPACING_SEC = 3600
