import type { enAddressTrust } from './en-address-trust'

/** en-address-trust.ts 的简体中文文本（键完全一致）。 */
export const zhCNAddressTrust: Record<keyof typeof enAddressTrust, string> = {
  'trigger.addressesHintGroup': '留空：按任务的路由策略从分组中选择。也可以只选分组自己的部分地址。',
  'trigger.groupOnly': '只能选择本分组自己的执行器：分组的访问令牌只发送给它自己的执行器。管理员可以把运行发送到其他地址，但不携带该令牌。',
  'trigger.addressGone': '已不在此分组',
  'trigger.addressGoneHint': '选中后该执行器已离开此分组；发往那里的运行会被拒绝。请取消勾选。',
  'trigger.tokenlessTitle': '不携带分组的访问令牌发送',
  'trigger.tokenlessBody':
    'JobDesk 调用下列地址时不携带分组的访问令牌：它们没有注册在（或配置于）此任务的分组，而分组的令牌只发送给它自己的执行器。要求令牌的执行器会拒绝这次运行。',
  'trigger.routeChosenTokenless': '将在 {address} 上执行，不携带分组的访问令牌',
  'trigger.previewTokenless': '调用时不携带访问令牌：{addresses}',
  'trigger.noToken': '无令牌',
  'trail.tokenless': '未携带访问令牌',
  'trail.tokenlessHint': '未注册在该分组：调用时不携带其访问令牌',
  'executors.probeTokenless': '探测时未携带令牌：该地址未注册在此分组',
}
