import type { enFanOutMessages } from '../../../shared/messages/en-fan-out'

/** src/shared/messages/en-fan-out.ts 的简体中文：扩展（forEach）节点的校验问题与启动失败说明（代码完全一致）。 */
export const zhCNFanOutMessages: Record<keyof typeof enFanOutMessages, string> = {
  'flow.itemOutsideForEach': '节点“{node}”：“{ref}”引用的是扩展的列表项，但该节点没有 forEach 列表',
  'flow.forEachSettingAlone': '节点“{node}”：{field} 只适用于带 forEach 列表的节点',
  'flow.forEachNotList': '节点“{node}”：forEach 必须是单独的一个引用（${nodes.<key>.output} 或 ${flow.param}），或一个 JSON 数组，如 ["a", "b"]',
  'flow.forEachNotUpstream': '节点“{node}”：forEach 引用的“{key}”（“{ref}”）不是在它之前运行的节点，此时它还没有输出',
  'flow.forEachTooMany': '节点“{node}”：forEach 列表有 {count} 项；上限为 {max}',
  'flowRun.forEachNotArray': 'forEach：“{ref}”的值不是 JSON 数组（{detail}）',
  'flowRun.forEachTooMany': 'forEach：“{ref}”的列表有 {count} 项；上限为 {max}',
}
