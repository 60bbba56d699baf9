import type { enRunViewMessages } from '../../../shared/messages/en-run-views'

/** src/shared/messages/en-run-views.ts 的简体中文（代码完全一致）。 */
export const zhCNRunViewMessages: Record<keyof typeof enRunViewMessages, string> = {
  'runsOverTime.target': '请给出 jobId 或 flowId（二选一）',
  'alarms.backwards': '“to” 必须晚于 “from”',
  'alarms.tooLong': '一次最多查询 {max} 天',
  'alarms.notFound': '没有 ID 为 {id} 的告警',
  'alarms.runGone': '此告警的运行 {logId} 已不再保留：没有可重发的内容',
}
