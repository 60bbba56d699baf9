import type { enAlarms } from './en-alarms'

/** en-alarms.ts 的简体中文文本（键完全一致）。 */
export const zhCNAlarms: Record<keyof typeof enAlarms, string> = {
  'alarm.label': '告警',
  'alarm.state.none': '无',
  'alarm.state.pending': '待发送',
  'alarm.state.notNeeded': '无需告警',
  'alarm.state.sent': '已发送',
  'alarm.state.failed': '发送失败：{reason}',
  'alarm.reason.smtpOff': '未配置 SMTP',
  'alarm.reason.emailFailed': '邮件未送达',
  'alarm.reason.badAddress': '不是有效的邮件地址',
  'alarm.reason.webhookFailed': 'Webhook 调用失败',
  'alarm.reason.desktopFailed': '桌面通知失败',
  'alarm.reason.senderClosed': 'JobDesk 停止时被中断',
  'alarm.reason.jobMissing': '任务已不存在',
  'alarm.reason.internal': '内部错误',
  'alarm.markerSent': '告警已发送',
  'alarm.markerFailed': '告警发送失败：{reason}',

  'editor.alarmNoSmtp': '尚未配置 SMTP 服务器：在“设置 → 告警”中配置之前，本任务的告警邮件都会发送失败。',
  'editor.alarmNoSmtpOthers': '尚未配置 SMTP 服务器：在管理员于“设置”中配置之前，本任务的告警邮件都会发送失败。',
  'editor.alarmOpenSettings': '打开设置',

  'dashboard.alarms.title': '告警提醒',
  'dashboard.alarms.noSmtp': '有 {n} 个任务设置了告警邮箱，但尚未配置 SMTP 服务器：这些告警无法发送。',
  'dashboard.alarms.failed': '最近 24 小时内有 {n} 条告警发送失败。',
  'dashboard.alarms.executorDead': '执行器已失联：{subject}',
  'dashboard.alarms.nodeLost': '集群节点已丢失：{subject}',
  'dashboard.alarms.alertUnheard': '未设置接收它的告警邮箱或 Webhook',

  'settings.alertEmail': '执行器失联和节点丢失的告警邮箱',
  'settings.alertEmailHint': '多个地址用逗号分隔；执行器停止心跳或集群节点丢失时发送邮件。Webhook 也会收到这些告警；调度失败的告警发往其任务自己的告警邮箱。',
}
