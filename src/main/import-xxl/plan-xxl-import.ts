import type { ErrorProblem } from '../../shared/errors'
import type { XxlConflict, XxlGroupLine, XxlJobAction, XxlNote } from '../../shared/xxl-import'
import { EXPORT_FORMAT, EXPORT_VERSION, ImportValidationError, planImport, type ImportPlan, type ImportState } from '../definitions/import-export'
import { findCycle } from '../completion/dag/graph'
import type { CandidateLink, DroppedLink, MappedJob, MappedXxl } from './map-xxl'
import { xxlNote } from './xxl-notes'

/** JobDesk's state as an XXL-JOB import plans against: its flows do not matter, XXL-JOB has none. */
export type XxlImportState = Omit<ImportState, 'flows'>

export interface XxlPlanContext {
  current: XxlImportState
  nowMs: number
  onConflict: XxlConflict
  /** JobDesk groups whose executors are all JobDesk's own: GLUE_GROOVY cannot run there. */
  jobDeskOnlyGroupIds: ReadonlySet<number>
}

export interface PlannedXxlJob {
  mapped: MappedJob
  action: XxlJobAction
  /** The refusal (action 'refuse') or the flags, dropped links included. */
  notes: XxlNote[]
  /** The JobDesk job updated or skipped; null for a created or refused one. */
  jobId: number | null
}

export interface XxlPlan {
  /** What to apply: JobDesk's own import plan of the jobs that map. */
  importPlan: ImportPlan
  jobs: PlannedXxlJob[]
  groups: XxlGroupLine[]
  links: { set: number; dropped: DroppedLink[] }
  /** About the database as a whole (from the mapping). */
  notes: XxlNote[]
}

/**
 * The whole import refused: JobDesk's import plan found problems that belong to no single job,
 * group or link (its saved links already form a cycle, say). Nothing is written.
 */
export class XxlImportRefusedError extends ImportValidationError {}

/** planJobs names the job after each problem; the report line already does. */
const JOB_LABEL = / \(job (?:key )?'[^']*'\)$/

/** A problem of JobDesk's import plan as a note about the job, group or link it belongs to. */
function noteOf(problem: ErrorProblem, field: string): XxlNote {
  const params = { ...problem.params }
  delete params.jobName
  delete params.jobKey
  return { code: problem.code, params, message: problem.message.replace(JOB_LABEL, ''), ...(field ? { field } : {}) }
}

/**
 * Plans the import of the mapped jobs with JobDesk's own import plan, so every job meets the same
 * rules as one saved in the editor or imported from a JobDesk file. Where the plan finds problems,
 * the job, group or link each belongs to is refused with its reason (a child link of a refused job,
 * or one closing a cycle, is left out), and the rest is planned again, until it plans. Each round
 * removes at least one thing, so it ends.
 * @throws XxlImportRefusedError when a problem belongs to nothing that can be left out.
 */
export function planXxlImport(given: MappedXxl, context: XxlPlanContext): XxlPlan {
  const mapped = context.onConflict === 'rename' ? renameTaken(given, context.current) : given
  const onConflict = context.onConflict === 'replace' ? 'update' : 'skip'
  const jobRefusals = new Map<number, XxlNote>()
  for (const job of mapped.jobs) if (job.refusal) jobRefusals.set(job.xxlId, job.refusal)
  const groupRefusals = new Map<string, XxlNote>()
  for (const group of mapped.groups) if (group.refusal) groupRefusals.set(group.appName, group.refusal)
  const dropped: DroppedLink[] = [...mapped.droppedLinks]
  const droppedPairs = new Set<string>()
  const pair = (link: CandidateLink) => `${link.parentXxlId}>${link.childXxlId}`
  const drop = (link: CandidateLink, note: XxlNote) => {
    droppedPairs.add(pair(link))
    dropped.push({ ...link, note })
  }

  for (let round = 0; round <= mapped.jobs.length + mapped.groups.length + mapped.links.length; round++) {
    const groups = mapped.groups.filter((g) => g.group && !groupRefusals.has(g.appName))
    const jobs = mapped.jobs.filter((j) => j.job && !jobRefusals.has(j.xxlId))
    const imported = new Set(jobs.map((j) => j.xxlId))
    const links: CandidateLink[] = []
    for (const link of mapped.links) {
      if (droppedPairs.has(pair(link)) || !imported.has(link.parentXxlId)) continue
      if (!imported.has(link.childXxlId)) drop(link, xxlNote('childRefused', { child: link.childXxlId }))
      else links.push(link)
    }
    breakCycles(links, drop)

    const doc = {
      format: EXPORT_FORMAT,
      version: EXPORT_VERSION,
      groups: groups.map((g) => g.group),
      jobs: jobs.map((j) => j.job),
      links: links.map((l) => ({ parentKey: String(l.parentXxlId), childKey: String(l.childXxlId), condition: 'SUCCESS' })),
      flows: [],
    }
    let importPlan: ImportPlan
    try {
      // A document without flows: JobDesk's saved flows are never matched, so none are read.
      importPlan = planImport(doc, { ...context.current, flows: [] }, { nowMs: context.nowMs, onConflict })
    } catch (error) {
      if (!(error instanceof ImportValidationError)) throw error
      const left = attribute(error.problems, { groups, jobs, links }, { jobRefusals, groupRefusals, drop })
      if (left.length === error.problems.length) throw new XxlImportRefusedError(left)
      continue
    }
    const groovy = [...importPlan.jobsToCreate, ...importPlan.jobsToUpdate].filter(
      (j) => j.fields.glueType === 'GLUE_GROOVY' && j.groupId !== null && context.jobDeskOnlyGroupIds.has(j.groupId),
    )
    for (const job of groovy) jobRefusals.set(Number(job.key), xxlNote('groovyOnJobDesk', { appName: job.appName }))
    if (groovy.length > 0) continue
    return report(mapped, importPlan, jobRefusals, groupRefusals, dropped)
  }
  throw new Error('planXxlImport did not settle')
}

interface Verdicts {
  jobRefusals: Map<number, XxlNote>
  groupRefusals: Map<string, XxlNote>
  drop: (link: CandidateLink, note: XxlNote) => void
}

/** Refuses what each problem is about; returns the problems about nothing that can be left out. */
function attribute(
  problems: readonly ErrorProblem[],
  doc: { groups: MappedXxl['groups']; jobs: MappedJob[]; links: CandidateLink[] },
  verdicts: Verdicts,
): ErrorProblem[] {
  const left: ErrorProblem[] = []
  for (const entry of problems) {
    const at = /^(groups|jobs|links)\[(\d+)\](?:\.(.+))?$/.exec(entry.field)
    const index = at ? Number(at[2]) : -1
    const field = at?.[3] ?? ''
    if (at?.[1] === 'groups' && doc.groups[index]) {
      const { appName } = doc.groups[index]
      if (!verdicts.groupRefusals.has(appName)) verdicts.groupRefusals.set(appName, noteOf(entry, field))
    } else if (at?.[1] === 'jobs' && doc.jobs[index]) {
      const job = doc.jobs[index]
      if (verdicts.jobRefusals.has(job.xxlId)) continue
      const groupRefusal = field === 'appName' && verdicts.groupRefusals.has(job.appName)
      verdicts.jobRefusals.set(job.xxlId, groupRefusal ? xxlNote('groupRefused', { appName: job.appName }) : noteOf(entry, field))
    } else if (at?.[1] === 'links' && doc.links[index]) {
      verdicts.drop(doc.links[index], noteOf(entry, ''))
    } else {
      left.push(entry)
    }
  }
  return left
}

/** XXL-JOB never checked child links for cycles; JobDesk refuses them. The link closing each cycle goes. */
function breakCycles(links: CandidateLink[], drop: (link: CandidateLink, note: XxlNote) => void): void {
  for (let guard = links.length; guard > 0; guard--) {
    const cycle = findCycle(links.map((l) => ({ parentJobId: l.parentXxlId, childJobId: l.childXxlId })))
    if (!cycle) return
    const [from, to] = [cycle[cycle.length - 2], cycle[cycle.length - 1]]
    const index = links.findIndex((l) => l.parentXxlId === from && l.childXxlId === to)
    drop(links[index], xxlNote('childCycle', { child: to, path: cycle }))
    links.splice(index, 1)
  }
}

function report(
  mapped: MappedXxl,
  importPlan: ImportPlan,
  jobRefusals: ReadonlyMap<number, XxlNote>,
  groupRefusals: ReadonlyMap<string, XxlNote>,
  dropped: DroppedLink[],
): XxlPlan {
  const skippedLinks: DroppedLink[] = importPlan.linksSkipped.map((l) => ({
    parentXxlId: Number(l.parentKey),
    childXxlId: Number(l.childKey),
    note: xxlNote('linkOfSkippedJob', { child: l.childKey }),
  }))
  const allDropped = [...dropped, ...skippedLinks]
  const verdict = (key: string): { action: XxlJobAction; jobId: number | null } => {
    if (importPlan.jobsToCreate.some((j) => j.key === key)) return { action: 'create', jobId: null }
    const updated = importPlan.jobsToUpdate.find((j) => j.key === key)
    if (updated) return { action: 'update', jobId: updated.id }
    const skipped = importPlan.jobsSkipped.find((j) => j.key === key)
    return { action: 'skip', jobId: skipped?.id ?? null }
  }
  const jobs = mapped.jobs.map((job): PlannedXxlJob => {
    const refusal = jobRefusals.get(job.xxlId)
    if (refusal) return { mapped: job, action: 'refuse', notes: [refusal], jobId: null }
    const linkNotes = allDropped.filter((l) => l.parentXxlId === job.xxlId).map((l) => l.note)
    return { mapped: job, ...verdict(String(job.xxlId)), notes: [...job.notes, ...linkNotes] }
  })
  const groups = mapped.groups.map((group): XxlGroupLine => {
    const refusal = groupRefusals.get(group.appName)
    const line = { appName: group.appName, name: group.name, notes: group.notes }
    if (refusal) return { ...line, action: 'refuse', notes: [...group.notes, refusal] }
    if (importPlan.groupsToCreate.some((g) => g.appName === group.appName)) return { ...line, action: 'create' }
    if (importPlan.groupsToUpdate.some((g) => g.appName === group.appName)) return { ...line, action: 'update' }
    return { ...line, action: 'keep' }
  })
  return { importPlan, jobs, groups, links: { set: importPlan.linksToSet.length, dropped: allDropped }, notes: mapped.notes }
}

/**
 * `--on-conflict rename`: a job whose group and name JobDesk already has comes in beside it as
 * `name (XXL-JOB #id)`, flagged; the rest plan as they are.
 */
function renameTaken(mapped: MappedXxl, current: XxlImportState): MappedXxl {
  const appNameById = new Map(current.groups.map((g) => [g.id, g.appName]))
  const taken = new Set(current.jobs.map((j) => JSON.stringify([appNameById.get(j.jobGroup) ?? '', j.name])))
  const jobs = mapped.jobs.map((job): MappedJob => {
    if (!job.job || !taken.has(JSON.stringify([job.appName, job.name]))) return job
    const name = `${job.name} (XXL-JOB #${job.xxlId})`
    return { ...job, name, job: { ...job.job, name }, notes: [...job.notes, xxlNote('renamed', { appName: job.appName, original: job.name, name })] }
  })
  return { ...mapped, jobs }
}
