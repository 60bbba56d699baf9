import type { enLlm } from './en-llm'

/** 分组编辑器中 LLM 服务部分的简体中文（docs/llm-steps.md）。 */
export const zhCNLlm: Record<keyof typeof enLlm, string> = {
  'llm.section': 'LLM 服务',
  'llm.sectionHint': '本分组的 LLM 步骤（llmJobHandler）发送提示词的地方：兼容 OpenAI 的 API。清空基础 URL 和模型即可删除。',
  'llm.readFailed': '无法读取该分组的 LLM 服务；保存时保持不变。',
  'llm.baseUrl': '基础 URL',
  'llm.baseUrlHint': '例如 https://api.openai.com/v1；Ollama 为 http://127.0.0.1:11434/v1',
  'llm.model': '模型',
  'llm.apiKeySecret': 'API key 密钥',
  'llm.apiKeySecretHint': '本分组或全局的密钥；其值在每次运行时读取，从不显示。不选：不带 key（Ollama）。',
  'llm.noKey': '不带 key',
  'llm.timeoutSec': '请求超时（秒）',
  'llm.maxTokens': '回复的最大 token 数',
  'llm.saved': '已保存“{name}”的 LLM 服务',
  'llm.removed': '已删除“{name}”的 LLM 服务',
}
