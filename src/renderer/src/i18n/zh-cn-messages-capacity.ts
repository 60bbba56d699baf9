import type { enCapacityMessages } from '../../../shared/messages/en-capacity'

/** src/shared/messages/en-capacity.ts 的简体中文（代码完全一致）。 */
export const zhCNCapacityMessages: Record<keyof typeof enCapacityMessages, string> = {
  'pool.name': "'{got}' 不是有效的资源池名称：1-64 个字母、数字、'.'、'_' 或 '-'，以字母或数字开头",
  'pool.priority': "'{got}' 不是有效的优先级：1（HIGHEST）到 9（LOWEST），或 HIGHEST、HIGH、NORMAL、LOW、LOWEST",
  'pool.duplicate': "资源池 '{name}' 被重复指定",
  'pool.exists': "名为 '{name}' 的资源池已存在",
  'pool.notFound': "不存在名为 '{name}' 的资源池",
  'pool.unknown': "资源池 '{name}' 不存在：请先添加",
  'pool.inUse': "资源池 '{name}' 正被任务 {jobIds} 和工作流 {flowIds} 使用：请先移除",
  'pool.busy': "资源池 '{name}' 仍有运行占用或等待其名额（{runs} 个）：请在它们结束后再删除",
  'queue.notQueued': '运行 {runId} 不在队列中等待',
}
