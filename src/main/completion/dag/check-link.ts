import { ConflictError, ValidationError } from '../../../shared/errors'
import { LINK_CONDITIONS, type JobLink } from '../../../shared/model'
import { formatCyclePath } from '../../../shared/cycle-path'
import { findPath } from './graph'

/**
 * A link refused because it would close a cycle. `path` is the cycle as job ids, first id repeated
 * at the end (`[1, 2, 3, 1]`), for the UI to highlight. The name stays `ConflictError`, so the
 * error crosses the bridge as one and `fromErrorInfo` rebuilds a ConflictError; the message carries
 * the same path after the word `cycle` (see cycle-path.ts), readable with `parseCyclePath`.
 */
export class CycleError extends ConflictError {
  readonly path: number[]

  constructor(message: string, path: number[]) {
    super(message)
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
  if (!(LINK_CONDITIONS as readonly unknown[]).includes(condition)) {
    throw new ValidationError('condition', `'${String(condition)}' is not one of ${LINK_CONDITIONS.join(', ')}`)
  }
  if (parentJobId === childJobId) throw new ValidationError('childJobId', 'a job cannot be its own child')
  if (!jobExists(parentJobId)) throw new ValidationError('parentJobId', `job ${parentJobId} does not exist`)
  if (!jobExists(childJobId)) throw new ValidationError('childJobId', `job ${childJobId} does not exist`)
  if (links.some((link) => link.parentJobId === parentJobId && link.childJobId === childJobId)) return

  const back = findPath(links, childJobId, parentJobId)
  if (back === null) return
  const cycle = [...back, childJobId]
  throw new CycleError(`linking job ${parentJobId} → job ${childJobId} would close the cycle ${formatCyclePath(cycle)}`, cycle)
}

function assertJobId(field: string, value: unknown): void {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    throw new ValidationError(field, `expected a job id (a whole number ≥ 1), got ${String(value)}`)
  }
}
