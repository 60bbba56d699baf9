import type { enDeadlines } from './en-deadlines'

/** 截止时间与慢运行（docs/deadlines.md）的简体中文：编辑器字段、标记和提示。 */
export const zhCNDeadlines: Record<keyof typeof enDeadlines, string> = {
  'deadline.section': '截止时间',
  'deadline.startDeadlineSec': '开始期限（秒）',
  'deadline.startDeadlineHint': '运行在计划时间之后这么久仍未开始（排队、被窗口挡住、执行器不可用）时告警。0 表示关闭。',
  'deadline.finishBy': '完成时刻（本地时间）',
  'deadline.finishByHint': '调度时区内的 HH:MM 或 HH:MM:SS：计划时间之后第一个这样的时刻。留空表示关闭。',
  'deadline.finishWithinSec': '完成期限（秒）',
  'deadline.finishWithinHint': '运行在计划时间之后这么久仍未完成时告警。0 表示关闭。',
  'deadline.slowFactor': '慢运行倍数',
  'deadline.slowFactorHint': '运行耗时超过最近 20 次成功运行耗时的第 95 百分位数的这么多倍时告警（至少需要 10 次）。不会终止运行。0 表示关闭。',
  'deadline.flowHint': '针对整个工作流实例，从其计划时间（或触发时间）算起。',
  'deadline.badge.late': '延误',
  'deadline.badge.slow': '慢',
  'deadline.badge.lateTitle': '错过截止时间：未按时开始或未按时完成',
  'deadline.badge.slowTitle': '耗时超过慢运行倍数 × 最近成功运行耗时的第 95 百分位数',
  'event.deadline.lateStart': '“{name}”的运行 {id} 未在截止时间前开始',
  'event.deadline.lateFinish': '“{name}”的运行 {id} 未在截止时间前完成',
  'event.deadline.slow': '“{name}”的运行 {id} 比平时慢',
}
