import { invalidField } from '../../shared/messages/coded-errors'

/** XXL-JOB reads the rate with Java's `Integer.valueOf`, so it cannot exceed a Java int. */
export const FIX_RATE_MAX_SEC = 2_147_483_647

const WHOLE_NUMBER = /^\d+$/

/**
 * The rate of a FIX_RATE schedule in seconds: `scheduleConf` is a whole number ≥ 1, no sign or spaces.
 * @throws ValidationError on `scheduleConf`.
 */
export function parseFixRateSec(conf: string): number {
  const text = typeof conf === 'string' ? conf : String(conf)
  if (WHOLE_NUMBER.test(text)) {
    const rateSec = Number(text)
    if (rateSec > FIX_RATE_MAX_SEC) {
      throw invalidField('scheduleConf', 'fixRate.tooLarge', { max: FIX_RATE_MAX_SEC, got: text })
    }
    if (rateSec >= 1) return rateSec
  }
  throw invalidField('scheduleConf', 'fixRate.invalid', { got: text })
}

/**
 * `fromMs` + the rate, rounded up to the next whole second when `fromMs` has a millisecond part
 * (XXL-JOB 3.4+; 2.4 did not round).
 * @throws ValidationError on `scheduleConf`.
 */
export function fixRateNextFireMs(conf: string, fromMs: number): number {
  return Math.ceil((fromMs + parseFixRateSec(conf) * 1000) / 1000) * 1000
}
