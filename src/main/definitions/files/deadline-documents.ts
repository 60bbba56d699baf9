import { DEADLINE_FIELDS, deadlineTermsOf, NO_DEADLINES, type DeadlineTerms } from '../../../shared/deadline-terms'
import type { JobDocument } from '../../../shared/schema/definition-files'

/** A document's `deadlines:` block (the same in a Job and a Flow document). */
type DeadlinesDocument = NonNullable<JobDocument['deadlines']>

/** Where each deadline field is in a job's or a flow's file document. */
export const DEADLINE_FIELD_PATHS: Record<keyof DeadlineTerms, string> = {
  startDeadlineSec: 'deadlines.startDeadlineSec',
  finishBy: 'deadlines.finishBy',
  finishWithinSec: 'deadlines.finishWithinSec',
  slowFactor: 'deadlines.slowFactor',
}

/** The terms a document declares; an absent block or field is off. */
export function deadlineTermsOfDocument(block: DeadlinesDocument | undefined): DeadlineTerms {
  return deadlineTermsOf({ ...NO_DEADLINES, ...block })
}

/** The `deadlines:` block a written document carries: only the terms that are on, none when all are off. */
export function deadlinesDocumentOf(terms: DeadlineTerms): { deadlines?: DeadlinesDocument } {
  const block: Record<string, number | string> = {}
  for (const field of DEADLINE_FIELDS) if (terms[field] !== NO_DEADLINES[field]) block[field] = terms[field]
  return Object.keys(block).length === 0 ? {} : { deadlines: block as DeadlinesDocument }
}
