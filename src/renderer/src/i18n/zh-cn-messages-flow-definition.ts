import type { enFlowDefinitionMessages } from '../../../shared/messages/en-flow-definition'

/** src/shared/messages/en-flow-definition.ts 的简体中文：流程定义的校验问题，以及由任务链转换而来的流程的说明（代码完全一致）。 */
export const zhCNFlowDefinitionMessages: Record<keyof typeof enFlowDefinitionMessages, string> = {
  'flow.noNodes': '流程至少需要一个节点',
  'flow.tooManyNodes': '有 {count} 个节点；上限为 {max}',
  'flow.badKey': '“{key}”不是有效的节点键：应为 1-64 个小写字母、数字、“_”或“-”，并以字母开头',
  'flow.duplicateKey': '“{key}”也是 nodes[{first}] 的键',
  'flow.unknownKey': '连线 {from} → {to} 中的“{key}”不是本流程的节点',
  'flow.selfLoop': '节点“{key}”不能成为自己的上游',
  'flow.duplicateEdge': '连线 {from} → {to} 与 edges[{first}] 重复',
  'flow.cycle': '这些连线形成了环 {path}；流程按顺序运行节点，不能有环',
  'flow.valueTooLong': 'UTF-8 长度为 {bytes} 字节；上限为 {max}',
  'flow.unknownReference': '“{ref}”不是流程可识别的引用：请写 ${nodes.<key>.output} 或 ${flow.param}',
  'flow.referenceUnknownNode': '“{ref}”引用的“{key}”不是本流程的节点',
  'flow.referenceNotUpstream': '“{ref}”引用的“{key}”不在“{node}”之前运行，此时它还没有输出：请添加从“{key}”通向“{node}”的连线',
  'flow.referenceAsKey': '节点“{node}”：“{ref}”位于其 JSON 参数的键中；流程的值只能填入字符串值（或单独作为一个值），不能决定字段名',
  'flow.referenceChoosesTarget':
    '节点“{node}”：“{ref}”会决定请求发往何处或如何发送（URL 的协议、主机或端口，或请求方法）；请把它放在 URL 的路径或查询参数中，或放在其他值里',
  'flow.referenceInTextRequest': '节点“{node}”：其任务的处理器（httpJobHandler）把参数当作请求读取，因此“{ref}”只能出现在 JSON 参数中，使其值始终只是一个值',
  'flow.referenceInInvalidJson':
    '节点“{node}”：参数以“{”或“[”开头，因此按 JSON 读取，但把每个引用当作一个值时，它在第 {offset} 个字符处不是有效的 JSON；请把“{ref}”写在字符串值内，或单独作为一个值',

  'flowChain.fanIn': '“{key}”有 {count} 个上游（{parents}）：现在当触发规则对它们全部满足时只运行一次，而任务链中每个上游完成都会触发它一次',
  'flowChain.mixedConditions': '“{key}”的连线条件各不相同（{conditions}）：现在在所有上游都结束后运行（all_done），无论结果如何',
  'flowChain.runsAfterUnrunParent': '“{key}”（{rule}）现在在某个上游根本没有运行时也会运行，而任务链中只有上游真正运行之后才会触发它',
  'flowChain.outsideParent': '任务链中任务 {jobId} 也会触发“{key}”，但它不在任务 {rootJobId} 之下：流程不包含这条连线',
  'flowChain.cycleLeftOut': '连线 {from} → {to} 形成了环 {path}：流程不包含这条连线',
}
