import { invalidField } from '../../shared/messages/coded-errors'
import type { XxlSchemaInfo } from '../../shared/xxl-import'

/** The columns of each table, lower-cased, as information_schema lists them. */
export type XxlColumns = ReadonlyMap<string, ReadonlySet<string>>

export const XXL_TABLES = ['xxl_job_group', 'xxl_job_info', 'xxl_job_logglue', 'xxl_job_log'] as const

/** Columns every generation since 2.1 has (the name and schedule columns are told apart below). */
export const GROUP_COLUMNS = ['id', 'app_name', 'address_type', 'address_list']
export const JOB_COLUMNS = [
  'id',
  'job_group',
  'author',
  'alarm_email',
  'executor_route_strategy',
  'executor_handler',
  'executor_param',
  'executor_block_strategy',
  'executor_timeout',
  'executor_fail_retry_count',
  'glue_type',
  'glue_source',
  'glue_remark',
  'child_jobid',
  'trigger_status',
]
const GLUE_COLUMNS = ['id', 'job_id', 'glue_type', 'glue_source', 'glue_remark', 'add_time']
const LOG_COLUMNS = ['id', 'job_id', 'executor_address', 'trigger_time', 'trigger_code', 'handle_code', 'handle_time']

/**
 * Which XXL-JOB generation a database is, from its columns: the group's display name is `title`
 * before 3.5 and `name` from 3.5 (which also adds the group's `access_token`); the job's is
 * `job_desc` before 3.5 and `name` from 3.5; 2.3 replaced `job_cron` by `schedule_type` and
 * `schedule_conf` (and added `misfire_strategy`). A database without the tables or columns every
 * generation has is refused, naming what is missing.
 * @throws ValidationError (code `xxl.notXxl`) on field `url`.
 */
export function detectXxlSchema(columns: XxlColumns, database: string): XxlSchemaInfo & { misfire: boolean } {
  const missing: string[] = []
  const has = (table: string, column: string) => columns.get(table)?.has(column) === true
  const need = (table: string, list: readonly string[]) => {
    if (!columns.has(table)) missing.push(`table ${table}`)
    else for (const column of list) if (!has(table, column)) missing.push(`${table}.${column}`)
  }
  need('xxl_job_group', GROUP_COLUMNS)
  need('xxl_job_info', JOB_COLUMNS)
  const either = (table: string, a: string, b: string) => {
    if (!columns.has(table)) return a
    if (has(table, b)) return b
    if (has(table, a)) return a
    missing.push(`${table}.${a} (or ${b})`)
    return a
  }
  const groupNameColumn = either('xxl_job_group', 'title', 'name') as 'title' | 'name'
  const jobNameColumn = either('xxl_job_info', 'job_desc', 'name') as 'job_desc' | 'name'
  let scheduleColumns: 'schedule_type' | 'job_cron' = 'schedule_type'
  if (columns.has('xxl_job_info')) {
    if (has('xxl_job_info', 'schedule_type') && has('xxl_job_info', 'schedule_conf')) scheduleColumns = 'schedule_type'
    else if (has('xxl_job_info', 'job_cron')) scheduleColumns = 'job_cron'
    else missing.push('xxl_job_info.schedule_type and schedule_conf (or job_cron)')
  }
  // Optional tables must still have what is read of them, or they are a different table of that name.
  const glueHistory = columns.has('xxl_job_logglue')
  if (glueHistory) need('xxl_job_logglue', GLUE_COLUMNS)
  const runs = columns.has('xxl_job_log')
  if (runs) need('xxl_job_log', LOG_COLUMNS)
  if (missing.length > 0) {
    const list = missing.slice(0, 12).join(', ') + (missing.length > 12 ? ` and ${missing.length - 12} more` : '')
    throw invalidField('url', 'xxl.notXxl', { database, missing: list })
  }
  const groupTokens = has('xxl_job_group', 'access_token')
  return {
    generation: generationOf(groupNameColumn, jobNameColumn, scheduleColumns, groupTokens),
    groupNameColumn,
    jobNameColumn,
    scheduleColumns,
    groupTokens,
    glueHistory,
    runs,
    misfire: has('xxl_job_info', 'misfire_strategy'),
  }
}

function generationOf(group: string, job: string, schedule: string, tokens: boolean): XxlSchemaInfo['generation'] {
  if (group === 'name' && job === 'name' && schedule === 'schedule_type' && tokens) return '3.5'
  if (group === 'title' && job === 'job_desc' && !tokens) return schedule === 'job_cron' ? '2.1-2.2' : '2.3-3.4'
  return 'mixed'
}
