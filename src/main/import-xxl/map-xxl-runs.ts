import { HANDLE_CODE, TRIGGER_CODE, type TriggerType } from '../../shared/model'
import type { FinishedRun } from '../domain/runs'
import type { XxlLogRow } from './xxl-rows'

/**
 * XXL-JOB's `xxl_job_log` rows as JobDesk runs. Only finished runs come along: a run XXL-JOB still
 * shows as pending or running is its admin's to finish, and JobDesk's monitors would otherwise
 * take it for lost. XXL-JOB keeps no trigger type column; its trigger message names it, in the
 * admin's language.
 */

/** The trigger type titles of XXL-JOB's message files (zh_CN, zh_TC, en), most specific first. */
const TRIGGER_TITLES: [TriggerType, string[]][] = [
  ['RETRY', ['失败重试触发', '失敗重試觸發', 'Fail retry trigger']],
  ['PARENT', ['父任务触发', '父任務觸發', 'Parent job trigger']],
  ['MISFIRE', ['调度过期补偿', '調度過期補償', 'Misfire compensation trigger']],
  ['API', ['API触发', 'API觸發', 'Api trigger']],
  ['MANUAL', ['手动触发', '手動觸發', 'Manual trigger']],
  ['CRON', ['Cron触发', 'Cron觸發', 'Cron trigger']],
]

/** The trigger type a message names; MANUAL when it names none JobDesk knows. */
export function triggerTypeOf(triggerMsg: string): TriggerType {
  const head = triggerMsg.slice(0, 400).toLowerCase()
  for (const [type, titles] of TRIGGER_TITLES) if (titles.some((title) => head.includes(title.toLowerCase()))) return type
  return 'MANUAL'
}

const ENTITIES: Record<string, string> = { '&nbsp;': ' ', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&amp;': '&' }

/** XXL-JOB's messages are HTML for its console (`<br>`, `<span style=…>`); JobDesk shows text. */
export function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[^>]{0,500}>/g, '')
    .replace(/&(nbsp|lt|gt|quot|#39|amp);/g, (entity) => ENTITIES[entity])
    .replace(/[ \t]+\n/g, '\n')
    .trim()
}

export function isFinished(row: Pick<XxlLogRow, 'triggerCode' | 'handleCode'>): boolean {
  if (row.triggerCode !== TRIGGER_CODE.pending && row.triggerCode !== TRIGGER_CODE.success) return true
  return row.handleCode !== HANDLE_CODE.none
}

/** A finished XXL-JOB run as a JobDesk run of job `jobId` in group `jobGroup`. */
export function finishedRunOf(row: XxlLogRow, jobId: number, jobGroup: number): FinishedRun {
  return {
    jobGroup,
    jobId,
    executorAddress: row.executorAddress,
    executorHandler: row.executorHandler,
    executorParam: row.executorParam,
    executorShardingParam: row.executorShardingParam,
    executorFailRetryCount: row.executorFailRetryCount,
    triggerTimeMs: row.triggerTimeMs,
    triggerType: triggerTypeOf(row.triggerMsg),
    scheduleTimeMs: null,
    parentLogId: null,
    triggerCode: row.triggerCode,
    triggerMsg: htmlToText(row.triggerMsg),
    handleTimeMs: row.handleTimeMs ?? 0,
    handleCode: row.handleCode,
    handleMsg: htmlToText(row.handleMsg),
    alarmStatus: row.alarmStatus,
  }
}
