import type { enFlowBranchMessages } from '../../../shared/messages/en-flow-branches'

/** src/shared/messages/en-flow-branches.ts 的简体中文：分支（switch）与子流程节点的规则（代码完全一致）。 */
export const zhCNFlowBranchMessages: Record<keyof typeof enFlowBranchMessages, string> = {
  'flow.switchOperatorCount': '分支“{node}”的第 {case} 个条件：equals、matches、gt、lt 必须且只能给出一个（现有 {count} 个）',
  'flow.switchPatternInvalid': '分支“{node}”的第 {case} 个条件：“{pattern}”不是有效的正则表达式：{reason}',
  'flow.switchPatternNested': '分支“{node}”的第 {case} 个条件：“{pattern}”重复了一个本身就会重复的分组（如 (a+)+），可能耗费指数级时间；请去掉嵌套的重复',
  'flow.switchTargetNotChild': '分支“{node}”：“{to}”不是它的下游节点；请添加连线 {node} → {to}',
  'flow.switchChildNoBranch': '分支“{node}”：下游节点“{child}”既不是任何条件的 to，也不是默认分支，永远不会运行',
  'flow.subflowNotFound': '节点“{key}”以流程 {id} 为子流程，但该流程不存在',
  'flow.subflowCycle': '子流程形成了环 {path}：流程不能直接或间接地运行自身',
  'flow.subflowTooDeep': '子流程嵌套了 {depth} 层（{path}）；上限为 {max}',
  'flow.usedAsSubflow': '流程 {id} 是流程 {flows} 的子流程：请先从这些流程中移除',
  'flow.subflowRefNotFound': '节点“{key}”以流程“{name}”为子流程，但它既不在定义文件中，也不在服务器上',
  'definitions.notForNodeKind': '{kind} 节点没有 {field}',
  'definitions.nodeFieldRequired': '{kind} 节点需要 {field}',
}
