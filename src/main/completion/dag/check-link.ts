import { ConflictError } from '../../../shared/errors'
import { englishMessage } from '../../../shared/messages'
import { invalidField } from '../../../shared/messages/coded-errors'
import { LINK_CONDITIONS, type JobLink } from '../../../shared/model'
import { cycleClosedBy } from '../../../shared/link-path'

/**
 * A link refused because it would close a cycle. `path` is the cycle as job ids, first id repeated
 * at the end (`[1, 2, 3, 1]`), for the UI to highlight. The name stays `ConflictError`, so the
 * error crosses the bridge as one and `fromErrorInfo` rebuilds a ConflictError; its code is
 * `link.cycle` and its params carry the path as data (`params.path`), so nothing parses the message.
 */
export class CycleError extends ConflictError {
  readonly path: number[]

  constructor(parentJobId: number, childJobId: number, path: number[]) {
    const params = { parentJobId, childJobId, path }
    super(englishMessage('link.cycle', params), { code: 'link.cycle', params })
    this.path = path
  }
}

/**
 * Checks one link before it is saved, against the links already saved. A link whose (parent, child)
 * pair already exists only changes its condition and is never a cycle.
 * @throws ValidationError (`parentJobId`, `childJobId` or `condition`) for an id that is not a
 *   whole number ≥ 1, an unknown condition, a self link or a job that does not exist.
 * @throws CycleError when the link would close a cycle, e.g.
 *   `linking job 3 → job 1 would close the cycle 1 → 2 → 3 → 1`.
 */
export function checkLink(links: readonly JobLink[], candidate: JobLink, jobExists: (id: number) => boolean): void {
  const { parentJobId, childJobId, condition } = candidate
  assertJobId('parentJobId', parentJobId)
  assertJobId('childJobId', childJobId)
  if (!(LINK_CONDITIONS as readonly unknown[]).includes(condition)) throw unknownCondition(condition)
  if (parentJobId === childJobId) throw invalidField('childJobId', 'link.selfLink')
  if (!jobExists(parentJobId)) throw invalidField('parentJobId', 'link.jobMissing', { id: parentJobId })
  if (!jobExists(childJobId)) throw invalidField('childJobId', 'link.jobMissing', { id: childJobId })
  const cycle = cycleClosedBy(links, parentJobId, childJobId)
  if (cycle !== null) throw new CycleError(parentJobId, childJobId, cycle)
}

/** A link condition that is not one of LINK_CONDITIONS (ValidationError on `condition`). */
export function unknownCondition(condition: unknown) {
  return invalidField('condition', 'link.conditionUnknown', { got: String(condition), values: [...LINK_CONDITIONS] })
}

function assertJobId(field: string, value: unknown): void {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    throw invalidField(field, 'link.jobId', { got: String(value) })
  }
}
