import type { InfraAlertKind } from '../../../shared/alarm-health'
import type { ConsoleLanguage } from '../../../shared/settings-types'
import { capText } from './alarm-message'
import type { InfraAlertFacts } from './alarm-types'
import { CLOCK_SKEW_WARN_MS, NODE_CLOCK_MARGIN_MS } from '../../../shared/clock-skew'

const DETAIL_MAX_CHARS = 1_000

const SUBJECTS: Record<ConsoleLanguage, Record<InfraAlertKind, string>> = {
  en: { executorDead: 'Executor dead', nodeLost: 'Cluster node lost', misfireBurst: 'Misfire burst', clockSkew: 'Node clock off' },
  'zh-CN': { executorDead: '执行器已失联', nodeLost: '集群节点已丢失', misfireBurst: '调度过期集中发生', clockSkew: '节点时钟偏差' },
}

const BODIES: Record<ConsoleLanguage, Record<InfraAlertKind, (subject: string, at: string) => string>> = {
  en: {
    executorDead: (subject, at) =>
      `The executor ${subject} has sent no heartbeat since ${at} and was removed from the registry. Jobs routed to it go to the group's other executors, or fail while none is left.`,
    nodeLost: (subject, at) =>
      `The JobDesk node ${subject} stopped renewing its lease at ${at}; another node took over its planned fires and runs, and its embedded executor's runs ended as interrupted.`,
    misfireBurst: (subject, at) =>
      `Jobs of the executor group ${subject} missed their fire times again and again in the minute from ${at}: the scheduler fell behind or was stopped. Each job's misfire strategy decided what ran.`,
    clockSkew: (subject, at) =>
      `The clock of the JobDesk node ${subject} is off the database server's by more than ${CLOCK_SKEW_WARN_MS} ms since ${at}. Above ${NODE_CLOCK_MARGIN_MS} ms it plans and fires no scheduled fires (the other nodes do) until its clock is set right (NTP).`,
  },
  'zh-CN': {
    executorDead: (subject, at) => `执行器 ${subject} 自 ${at} 起没有心跳，已从注册表移除。路由到它的任务会转到本组的其他执行器；没有其他执行器时会失败。`,
    nodeLost: (subject, at) => `JobDesk 节点 ${subject} 于 ${at} 停止续租；其他节点已接管它计划的触发和调度，它的内置执行器上的运行已标记为中断。`,
    misfireBurst: (subject, at) => `执行器 ${subject} 的任务在 ${at} 起的一分钟内多次错过触发时间：调度器落后或曾停止。每个任务按其调度过期策略处理。`,
    clockSkew: (subject, at) =>
      `JobDesk 节点 ${subject} 的时钟自 ${at} 起与数据库服务器的时钟相差超过 ${CLOCK_SKEW_WARN_MS} 毫秒。超过 ${NODE_CLOCK_MARGIN_MS} 毫秒时它不再计划和触发调度（由其他节点负责），直到它的时钟校准（NTP）。`,
  },
}

export function formatInfraAlertSubject(alert: InfraAlertFacts): string {
  const separator = alert.language === 'zh-CN' ? '：' : ': '
  return `[JobDesk] ${SUBJECTS[alert.language][alert.kind]}${separator}${capText(alert.subject, 200)}`
}

export function formatInfraAlertText(alert: InfraAlertFacts): string {
  const at = new Date(alert.eventTimeMs).toISOString()
  const body = BODIES[alert.language][alert.kind](alert.subject, at)
  return alert.detail === '' ? `${body}\n` : `${body}\n\n${capText(alert.detail, DETAIL_MAX_CHARS)}\n`
}

const WEBHOOK_EVENTS = { executorDead: 'executor.dead', nodeLost: 'node.lost', misfireBurst: 'misfire.burst', clockSkew: 'node.clock-skew' } as const

/** The webhook body: `{ event: 'executor.dead' | 'node.lost' | 'misfire.burst' | 'node.clock-skew', subject, eventTimeMs, detail, sentAtMs }`. */
export function buildInfraWebhookPayload(alert: InfraAlertFacts, sentAtMs: number) {
  return {
    event: WEBHOOK_EVENTS[alert.kind],
    subject: alert.subject,
    eventTimeMs: alert.eventTimeMs,
    detail: capText(alert.detail, DETAIL_MAX_CHARS),
    sentAtMs,
  }
}
