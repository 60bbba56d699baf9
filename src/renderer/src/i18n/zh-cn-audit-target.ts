import type { enAuditActors, enAuditTarget } from './en-audit-target'

/** en-audit-target.ts 的简体中文。 */
export const zhCNAuditTarget: Record<keyof typeof enAuditTarget, string> = {
  'auditTarget.kind.job': '任务',
  'auditTarget.kind.run': '调度',
  'auditTarget.kind.group': '执行器',
  'auditTarget.kind.user': '用户',
  'auditTarget.kind.token': 'API 令牌',
  'auditTarget.kind.flow': '工作流',
  'auditTarget.kind.flowRun': '工作流运行',
  'auditTarget.byId': '{kind} #{id}',
  'auditTarget.named': '{kind} {name}（#{id}）',
  'auditTarget.name': '{kind} {name}',
  'auditTarget.newJob': '新任务',
  'auditTarget.newGroup': '新执行器',
  'auditTarget.newFlow': '新工作流',
  'auditTarget.link': '依赖 {parent} → {child}',
  'auditTarget.method': '接口调用 {method}',
}

export const zhCNAuditActors: Record<keyof typeof enAuditActors, string> = {
  'auditActor.desktop': '桌面端',
  'auditActor.console-token': '控制台令牌',
  'auditActor.user': '用户',
  'auditActor.api-token': 'API 令牌',
  'auditActor.group-token': '执行器组令牌',
  'auditActor.personal-token': '个人令牌',
  'auditActor.executor-token': '执行器令牌',
  'auditActor.anonymous': '匿名',
}
