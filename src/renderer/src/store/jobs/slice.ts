import type { GlueSaveRequest, ImportReport } from '../../../../shared/api'
import type { JobInfo, JobInput } from '../../../../shared/model'
import type { JobFilter } from '../../lib/jobs/job-filter'
import type { JobsState } from './initialState'

export interface JobsActions {
  /** Reads the first page of the Jobs list for the current filter (and those jobs' last runs). */
  fetchJobList(): Promise<void>
  /** Reads the next page of the Jobs list, when there is one. */
  fetchMoreJobs(): Promise<void>
  /** Reads the jobs of these ids the console has not read yet (to name a run's, a link's, a flow's job). */
  ensureJobs(ids: readonly number[]): Promise<void>
  /** Keeps jobs a search answered (a picker's), so what was picked is named everywhere. */
  noteJobs(jobs: readonly JobInfo[]): void
  /**
   * After `jobs-changed`: re-reads those jobs and puts each in its place in the list (or takes it
   * out); no ids is the core's "something changed" (an apply, another node), which re-reads the list.
   */
  refetchJobs(ids: readonly number[]): Promise<void>
  fetchGroups(): Promise<void>
  /** Changes the Jobs list's filter or sort and reads its first page. */
  setJobFilter(patch: Partial<JobFilter>): void
  /** Rejects with the core's error (a ValidationError names the field) so the editor can show it. */
  saveJob(input: JobInput): Promise<JobInfo>
  deleteJob(id: number): Promise<void>
  startJob(id: number): Promise<void>
  stopJob(id: number): Promise<void>
  /** Saves a new GLUE source as a version (a remark is required); rejects with the core's error. */
  saveGlue(request: GlueSaveRequest): Promise<JobInfo>
  /** Applies an import document; rejects with every problem when the core refuses it. Re-reads jobs, groups and links. */
  importJobs(document: unknown, onConflict: 'update' | 'skip'): Promise<ImportReport>
}

export type JobsSlice = JobsState & JobsActions
