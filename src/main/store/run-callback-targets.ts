import { runStatus } from '../../shared/model'
import { isKilledRun } from '../../shared/run-kill'
import type { Connection } from './sql/connection'
import { idChunks, inList } from './sql/insert-rows'

/** A run as a callback's scope check sees it (RunRepo.callbackTargets). */
export interface CallbackTarget {
  id: number
  jobGroup: number
  executorAddress: string
  /** Not ended yet: pending or running. */
  open: boolean
  /** Ended by a kill (its handle message says so, run-kill.ts): its executor's own report comes late. */
  killed: boolean
}

/** The runs a callback batch names, as much of each as the scope check needs (no trail). */
export async function callbackTargetsOf(db: Connection, ids: readonly number[]): Promise<CallbackTarget[]> {
  const targets: CallbackTarget[] = []
  for (const chunk of idChunks(ids)) {
    const rows = await db.all<{
      id: number
      job_group: number
      executor_address: string
      trigger_code: number
      handle_code: number
      handle_msg: string | null
    }>(`SELECT id, job_group, executor_address, trigger_code, handle_code, handle_msg FROM job_log WHERE id IN (${inList(chunk.length)})`, chunk)
    for (const r of rows) {
      const codes = { triggerCode: Number(r.trigger_code), handleCode: Number(r.handle_code) }
      const status = runStatus(codes)
      targets.push({
        id: Number(r.id),
        jobGroup: Number(r.job_group),
        executorAddress: r.executor_address,
        open: status === 'pending' || status === 'running',
        killed: isKilledRun({ ...codes, handleMsg: r.handle_msg ?? '' }),
      })
    }
  }
  return targets
}
