import type { XxlNote } from '../../shared/xxl-import'
import type { ExportedGroup, ExportedJob } from '../definitions/import-export'
import { childIdsOf, mapJobFields } from './map-xxl-job'
import { xxlNote } from './xxl-notes'
import type { XxlGlueRow, XxlGroupRow, XxlSnapshot } from './xxl-rows'

export interface MappedGroup {
  appName: string
  name: string
  /** Null when refused. */
  group: ExportedGroup | null
  refusal: XxlNote | null
  notes: XxlNote[]
}

export interface MappedJob {
  xxlId: number
  appName: string
  /** The name it is imported under (made unique in its group when XXL-JOB has it twice). */
  name: string
  /** Null when refused. */
  job: ExportedJob | null
  refusal: XxlNote | null
  notes: XxlNote[]
  /** Its `xxl_job_logglue` rows, oldest first. */
  glueHistory: XxlGlueRow[]
}

/** A `child_jobid` entry between two jobs of the database: a SUCCESS link, if both are imported. */
export interface CandidateLink {
  parentXxlId: number
  childXxlId: number
}

export interface DroppedLink {
  parentXxlId: number
  childXxlId: number | string
  note: XxlNote
}

export interface MappedXxl {
  groups: MappedGroup[]
  jobs: MappedJob[]
  links: CandidateLink[]
  droppedLinks: DroppedLink[]
  /** About the database as a whole. */
  notes: XxlNote[]
}

/**
 * Maps an XXL-JOB snapshot to the parts of a JobDesk import document, job by job, refusing only
 * what has no JobDesk meaning (unknown enum names, a job whose group is gone) and flagging what it
 * changes on the way. JobDesk's own rules are checked afterwards by the import plan.
 */
export function mapXxlSnapshot(snapshot: XxlSnapshot, timezone: string): MappedXxl {
  const notes: XxlNote[] = []
  const { groups, appNameByGroupId } = mapGroups(snapshot.groups)
  const withTokens = [...new Set(snapshot.groups.filter((g) => g.accessToken !== null).map((g) => `'${g.appName}'`))]
  if (withTokens.length > 0) notes.push(xxlNote('groupTokensNotImported', { groups: withTokens.join(', ') }))

  const glueByJob = new Map<number, XxlGlueRow[]>()
  for (const row of [...snapshot.glue].sort((a, b) => a.id - b.id)) {
    if (!glueByJob.has(row.jobId)) glueByJob.set(row.jobId, [])
    glueByJob.get(row.jobId)!.push(row)
  }
  const jobIds = new Set(snapshot.jobs.map((j) => j.id))
  const namesTaken = new Set<string>()
  const jobs: MappedJob[] = []
  const links: CandidateLink[] = []
  const droppedLinks: DroppedLink[] = []
  for (const row of [...snapshot.jobs].sort((a, b) => a.id - b.id)) {
    const appName = appNameByGroupId.get(row.jobGroup) ?? ''
    const jobNotes: XxlNote[] = []
    // XXL-JOB allows two jobs of one group with one name; JobDesk matches jobs by group and name.
    let name = row.name
    if (namesTaken.has(JSON.stringify([appName, name]))) {
      name = `${row.name} #${row.id}`
      jobNotes.push(xxlNote('nameMadeUnique', { appName, original: row.name, name }))
    }
    namesTaken.add(JSON.stringify([appName, name]))
    const mapped = mapJobFields(row, appName, name, timezone)
    let refusal: XxlNote | null = null
    if (!appNameByGroupId.has(row.jobGroup)) refusal = xxlNote('groupMissing', { groupId: row.jobGroup })
    else if (!mapped.ok) refusal = mapped.refusal
    if (mapped.ok) jobNotes.push(...mapped.notes)
    jobs.push({
      xxlId: row.id,
      appName,
      name,
      job: refusal === null && mapped.ok ? mapped.job : null,
      refusal,
      notes: jobNotes,
      glueHistory: glueByJob.get(row.id) ?? [],
    })

    for (const child of childIdsOf(row.childJobIds)) {
      const drop = (note: XxlNote) => droppedLinks.push({ parentXxlId: row.id, childXxlId: child, note })
      if (typeof child === 'string') drop(xxlNote('childNotANumber', { child }))
      else if (child === row.id) drop(xxlNote('childSelf'))
      else if (!jobIds.has(child)) drop(xxlNote('childMissing', { child }))
      else links.push({ parentXxlId: row.id, childXxlId: child })
    }
  }
  return { groups, jobs, links, droppedLinks, notes }
}

/**
 * One JobDesk group per app name. Before 3.5 XXL-JOB did not keep app names unique: the group with
 * the lowest id gives the name and addresses, and the jobs of all of them join it. An automatic
 * group's address list is the registry's (JobDesk's fills as executors register), so it is not copied.
 */
function mapGroups(rows: readonly XxlGroupRow[]): { groups: MappedGroup[]; appNameByGroupId: Map<number, string> } {
  const byAppName = new Map<string, XxlGroupRow[]>()
  for (const row of [...rows].sort((a, b) => a.id - b.id)) {
    if (!byAppName.has(row.appName)) byAppName.set(row.appName, [])
    byAppName.get(row.appName)!.push(row)
  }
  const appNameByGroupId = new Map<number, string>()
  const groups: MappedGroup[] = []
  for (const [appName, same] of byAppName) {
    for (const row of same) appNameByGroupId.set(row.id, appName)
    const first = same[0]
    const notes: XxlNote[] = []
    if (same.length > 1) {
      notes.push(xxlNote('groupDuplicate', { appName, count: same.length, ids: same.map((g) => g.id).join(', '), firstId: first.id }))
    }
    if (first.addressType !== 0 && first.addressType !== 1) {
      groups.push({ appName, name: first.name, group: null, refusal: xxlNote('unknownAddressType', { value: first.addressType }), notes })
      continue
    }
    const addressType = first.addressType as 0 | 1
    const group: ExportedGroup = { appName, name: first.name, addressType, addressList: addressType === 1 ? first.addressList : '' }
    groups.push({ appName, name: first.name, group, refusal: null, notes })
  }
  return { groups, appNameByGroupId }
}
