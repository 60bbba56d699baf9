import type { GlueVersion } from '../../shared/api'
import { GLUE_SOURCE_MAX_CHARS } from '../../shared/schema/job'
import { GLUE_VERSIONS_KEPT } from '../store/glue-repo'
import type { XxlGlueRow } from './xxl-rows'

/** A version as the history keeps it, oldest first. */
export interface HistoryVersion {
  glueType: string
  glueSource: string
  glueRemark: string
  addTimeMs: number
}

type Tagged = HistoryVersion & { imported: boolean; order: number }

/**
 * A job's GLUE history after an import: JobDesk's versions and XXL-JOB's (`xxl_job_logglue`, with
 * their own times and remarks) in time order, ending with the job's current source. A version
 * both hold, or an imported one next to a JobDesk one with the same source (the one the job's save
 * just wrote), is kept once, as first written — so importing twice changes nothing. Oversized
 * sources are left out; the newest GLUE_VERSIONS_KEPT stay. Null when the history stays as it is.
 * @param existing the job's history as the repository lists it, newest first.
 */
export function mergeGlueHistory(
  existing: readonly GlueVersion[],
  imported: readonly XxlGlueRow[],
  current: Omit<HistoryVersion, 'addTimeMs'>,
  nowMs: number,
): HistoryVersion[] | null {
  const before = [...existing]
    .reverse()
    .map((v): HistoryVersion => ({ glueType: v.glueType, glueSource: v.glueSource, glueRemark: v.glueRemark, addTimeMs: v.addTimeMs }))
  const key = (v: HistoryVersion) => JSON.stringify([v.glueType, v.glueSource, v.glueRemark, v.addTimeMs])
  const held = new Set(before.map(key))
  const tagged: Tagged[] = [
    ...before.map((v, order) => ({ ...v, imported: false, order })),
    ...imported
      .filter((row) => row.glueSource.length <= GLUE_SOURCE_MAX_CHARS)
      .map((row): HistoryVersion => ({ glueType: row.glueType, glueSource: row.glueSource, glueRemark: row.glueRemark, addTimeMs: row.addTimeMs ?? 0 }))
      .filter((v) => !held.has(key(v)))
      .map((v, order) => ({ ...v, imported: true, order })),
  ].sort((a, b) => a.addTimeMs - b.addTimeMs || Number(b.imported) - Number(a.imported) || a.order - b.order)

  const merged: Tagged[] = []
  for (const version of tagged) {
    const last = merged[merged.length - 1]
    const sameCode = last && last.glueType === version.glueType && last.glueSource === version.glueSource
    if (sameCode && (last.imported || version.imported)) continue
    merged.push(version)
  }
  const newest = merged[merged.length - 1]
  if (!newest || newest.glueType !== current.glueType || newest.glueSource !== current.glueSource) {
    merged.push({ ...current, addTimeMs: nowMs, imported: false, order: merged.length })
  }
  const result = merged.slice(-GLUE_VERSIONS_KEPT).map(({ glueType, glueSource, glueRemark, addTimeMs }) => ({ glueType, glueSource, glueRemark, addTimeMs }))
  const unchanged = result.length === before.length && result.every((v, i) => key(v) === key(before[i]))
  return unchanged ? null : result
}
