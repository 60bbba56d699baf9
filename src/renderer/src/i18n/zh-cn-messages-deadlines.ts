import type { enDeadlineMessages } from '../../../shared/messages/en-deadlines'

/** src/shared/messages/en-deadlines.ts 的简体中文（代码完全一致）。 */
export const zhCNDeadlineMessages: Record<keyof typeof enDeadlineMessages, string> = {
  'deadline.finishBy': '“{got}”不是一天中的时刻：请写 HH:MM 或 HH:MM:SS（24 小时制），或留空',
  'deadline.slowFactor': '慢运行倍数 {got} 会把正常时长的运行也算作慢：请填 1 或以上，或 0 表示关闭',
}
