import { MAX_DEADLINE_SEC, MAX_SLOW_FACTOR, secondOfDayOf } from '../deadline-terms'
import { codedIssue } from '../messages/coded-errors'
import { z } from './z'

const deadlineSec = z.int().min(0).max(MAX_DEADLINE_SEC).default(0)

/**
 * The deadline fields of a job's and a flow's schema (DeadlineTerms), spread into both so one rule
 * means one thing: absent is off.
 */
export const deadlineFields = {
  startDeadlineSec: deadlineSec,
  finishBy: z
    .string()
    .trim()
    .max(8)
    .default('')
    .superRefine((value, context) => {
      if (value !== '' && secondOfDayOf(value) === null) context.addIssue(codedIssue('deadline.finishBy', { got: value }))
    }),
  finishWithinSec: deadlineSec,
  // Below 1 every run of usual length would be "slow".
  slowFactor: z
    .number()
    .min(0)
    .max(MAX_SLOW_FACTOR)
    .default(0)
    .superRefine((value, context) => {
      if (value !== 0 && value < 1) context.addIssue(codedIssue('deadline.slowFactor', { got: value }))
    }),
}
