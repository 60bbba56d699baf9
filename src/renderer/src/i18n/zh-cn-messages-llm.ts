import type { enLlmMessages } from '../../../shared/messages/en-llm'

/** src/shared/messages/en-llm.ts 的简体中文（代码完全一致）。 */
export const zhCNLlmMessages: Record<keyof typeof enLlmMessages, string> = {
  'llm.providerNotFound': '执行器分组 {groupId} 没有 LLM 服务',
  'llm.overrideRefused':
    'LLM 步骤携带其分组的 LLM 服务配置和密钥，而 {addresses} 未注册在任务的执行器分组中：它只发送给分组自己的执行器，绝不发送到调用方指定的地址',
  'triggerResult.llmNoProvider': '失败 —— 执行器分组 {groupId} 没有 LLM 服务，其 LLM 步骤无处发送提示词：请在分组编辑器中或用 setLlmProvider 设置（调度失败）',
  'triggerResult.llmToUnregistered':
    '失败 —— LLM 步骤携带其分组的 LLM 服务配置和密钥，而 {address} 未注册在其执行器分组中：它们只发送给分组自己的执行器（调度失败）',
  'triggerResult.llmKeyMissing': '失败 —— 分组的 LLM 服务从密钥 {name} 读取 API key，而本分组和全局都没有该名称的密钥（调度失败）',
}
