import { invalidField } from '../../shared/messages/coded-errors'
import { quote } from '../../shared/schema/describe-value'
import type { JobLink } from '../../shared/model'

/**
 * XXL-JOB's `child_jobid` column for one parent: the children of its SUCCESS links, ascending,
 * comma-separated without spaces (`'2,5,9'`; `''` for none). Rewrite it whenever the parent's links
 * change so tools reading XXL-JOB's schema see the same children.
 */
export function childJobIdList(links: readonly JobLink[], parentJobId: number): string {
  const ids = new Set<number>()
  for (const link of links) {
    if (link.parentJobId === parentJobId && link.condition === 'SUCCESS' && link.childJobId !== parentJobId) {
      ids.add(link.childJobId)
    }
  }
  return [...ids].sort((a, b) => a - b).join(',')
}

/**
 * Reads XXL-JOB's `childJobId` text (the OpenAPI field, the `child_jobid` column): job ids
 * separated by commas, spaces around an id allowed, blank text for none. Returns the ids ascending
 * without duplicates. Whether the jobs exist, and self links, are `checkLink`'s business.
 * @throws ValidationError on field `childJobId` naming the offending item.
 */
export function parseChildJobIds(text: string): number[] {
  if (typeof text !== 'string') throw invalidField('childJobId', 'childJobIds.type', { got: typeof text })
  if (text.trim() === '') return []
  const ids = new Set<number>()
  text.split(',').forEach((raw, index) => {
    const item = raw.trim()
    if (item === '') throw invalidField('childJobId', 'childJobIds.empty', { item: index + 1 })
    if (!/^\d+$/.test(item)) throw invalidField('childJobId', 'childJobIds.notId', { got: quote(item) })
    const id = Number(item)
    if (id < 1 || !Number.isSafeInteger(id)) throw invalidField('childJobId', 'childJobIds.belowOne', { got: quote(item) })
    ids.add(id)
  })
  return [...ids].sort((a, b) => a - b)
}
