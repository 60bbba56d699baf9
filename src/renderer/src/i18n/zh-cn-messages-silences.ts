import type { enSilenceMessages } from '../../../shared/messages/en-silences'

/** src/shared/messages/en-silences.ts 的简体中文（代码完全一致）。 */
export const zhCNSilenceMessages: Record<keyof typeof enSilenceMessages, string> = {
  'silence.target': '请给出 jobId、groupId 或 flowId（三选一）',
  'silence.reasonRequired': '静默需要填写原因：看到被静默告警的人都会读到它',
  'silence.untilPast': '“until”（{until}）不在将来',
  'silence.tooLong': '静默最长 {maxDays} 天；更久请停用任务',
  'silence.notFound': '没有 ID 为 {id} 的生效中的静默',
}
