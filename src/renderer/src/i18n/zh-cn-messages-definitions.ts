import type { enDefinitionMessages } from '../../../shared/messages/en-definitions'

/** src/shared/messages/en-definitions.ts 的简体中文：定义文件（jobdesk apply）的问题（代码完全一致）。 */
export const zhCNDefinitionMessages: Record<keyof typeof enDefinitionMessages, string> = {
  'definitions.refused': '文件中发现 {count} 个问题，未应用任何内容',
  'definitions.scheduleOneOf': '调度只能且必须有 cron、fixedRate 或 businessDays 之一',
  'definitions.sourceAndFile': '脚本请用 source 或 sourceFile 之一给出，不能同时给出',
  'definitions.sourceFileUnread': 'sourceFile 由 jobdesk apply 读取，并以 source 发送其内容',
  'definitions.notForApproval': '审批节点没有 {field}；那是任务节点的字段',
  'definitions.onlyForApproval': '{field} 只用于审批节点（kind: approval）',
  'definitions.nodeJobRequired': '任务节点须指明其任务（job: 名称），否则应为 kind: approval',
  'definitions.definedTwice': '{kind} {name} 也在 {file} 中定义',
  'definitions.llmProviderGroupUnknown': 'LLM 服务所指的分组“{name}”既不在服务器上，也没有在任何文件中定义',
  'definitions.childUnknown': '分组“{group}”的子任务“{name}”在所有文件中都没有定义',
  'definitions.nodeJobUnknown': '分组“{group}”的任务“{name}”在所有文件中都没有定义',
  'definitions.nodeGroupMissing': '节点“{key}”未指明分组，其流程也没有（group: 应用名）',
  'definitions.groupUnknown': '执行器分组“{group}”既不在文件中，也不在服务器上',
  'definitions.scheduleEnabled': '没有调度的任务或流程只能被触发运行，不能设为启用',
  'definitions.inUse': '{kind} {name} 已不在文件中，但{reason}：在那之前不会被清理',
  'definitions.nameUnknown': '“{name}”既不是任务（应用名/名称 或 名称），也不是流程',
}
