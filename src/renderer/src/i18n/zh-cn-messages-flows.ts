import type { enFlowMessages } from '../../../shared/messages/en-flows'

export const zhCNFlowMessages: Record<keyof typeof enFlowMessages, string> = {
  'flow.notFound': '工作流 {id} 不存在',
  'flow.runNotFound': '工作流实例 {id} 不存在',
  'flow.nodeNotFound': '工作流实例 {id} 没有节点“{key}”',
  'flow.nameTaken': '已有名为“{name}”的工作流',
  'flow.hasActiveRuns': '工作流 {id} 还有 {count} 个进行中的实例：请先终止它们或等待其结束',
  'flow.runNotActive': '工作流实例 {id} 的状态为 {state}：只有排队、运行或等待中的实例可以终止',
  'flow.runNotFinished': '工作流实例 {id} 的状态为 {state}：只有已结束的实例可以重试',
  'flow.nothingToRetry': '工作流实例 {id} 的所有节点均已成功或跳过：没有可重试的节点',
  'flow.nodeRunning': '工作流实例 {id} 的节点“{key}”正在运行：请终止该实例或等待节点结束',
  'flow.nodeChanged': '工作流实例 {id} 的节点“{key}”已被改变：请刷新后重试',
  'flow.approvalNotWaiting': '工作流实例 {id} 的节点“{key}”不是等待审批的节点',
  'flow.nodeJobMissing': '节点“{key}”引用的任务 {id} 不存在',
  'flow.chainHasNoChildren': '任务 {id} 没有子任务：无法生成工作流',
  'flow.jobInFlows': '任务 {id} 是工作流 {flows} 的节点：请先将其从这些工作流中移除',
}
