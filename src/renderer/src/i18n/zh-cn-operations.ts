import type { enOperations } from './en-operations'

/** en-operations.ts 的简体中文文本（键完全一致）。 */
export const zhCNOperations: Record<keyof typeof enOperations, string> = {
  'log.showSource': '显示每行的来源（类、行号、线程）',
  'log.wrap': '长行自动换行',
  'log.fullscreen': '全屏',
  'log.exitFullscreen': '退出全屏（Esc）',
  'log.kept': 'JobDesk 保存的本次已结束运行的日志',
  'log.keptUnreachable': '执行器不可达 — 显示 JobDesk 保存的日志',
  'log.unreachable': '执行器不可达：{error}',
  'log.unreachableHint': 'JobDesk 会在局域网运行结束后不久保存其日志副本；本次运行（尚）无副本。',
  'runs.col.group': '执行器组',
  'runs.resizeColumn': '调整“{column}”列宽',
  'runs.onlyThisJob': '只看 {name} 的调度日志',
  'runs.newer': '{n} 条更新的调度 ↑',
  'runs.splitter': '调整调度列表与详情的宽度',
  'trigger.accepted': '调度 #{id} 已被 {address} 接受',
  'trigger.refused': '调度 #{id} 被拒绝',
  'trigger.pending': '调度 #{id} 已发出，执行器尚未应答',
  'trigger.showTrail': '查看路由过程',
  'trigger.hideTrail': '收起路由过程',
}
