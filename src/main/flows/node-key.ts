import { FLOW_NODE_KEY_MAX_CHARS, FLOW_NODE_KEY_PATTERN } from '../../shared/flow-types'

/**
 * `Nightly Export (EU)` → `nightly-export-eu`: a node key (FLOW_NODE_KEY_PATTERN) made from a job's
 * name, unique among `taken` by a `-2`, `-3`, … suffix. Accents are dropped (`Café` → `cafe`); a
 * name with nothing left (`数据同步`) becomes `job-<id>`, one that starts with a digit gets `job-`
 * in front.
 */
export function keyFromName(name: string, jobId: number, taken: ReadonlySet<string>): string {
  const base = slugOf(name) || `job-${jobId}`
  let key = base
  for (let n = 2; taken.has(key); n++) {
    const suffix = `-${n}`
    key = base.slice(0, FLOW_NODE_KEY_MAX_CHARS - suffix.length).replace(/[-_]+$/, '') + suffix
  }
  return key
}

function slugOf(name: string): string {
  let slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '')
  if (slug === '') return ''
  if (!/^[a-z]/.test(slug)) slug = `job-${slug}`
  slug = slug.slice(0, FLOW_NODE_KEY_MAX_CHARS).replace(/[-_]+$/, '')
  // The pattern is the contract; a slug breaking it would be a bug here, not in the name.
  return FLOW_NODE_KEY_PATTERN.test(slug) ? slug : ''
}
