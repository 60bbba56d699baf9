/** English text of the group editor's LLM provider section (docs/llm-steps.md). */
export const enLlm = {
  'llm.section': 'LLM provider',
  'llm.sectionHint':
    'Where this group’s LLM steps (llmJobHandler) send their prompts: an OpenAI-compatible API. Clear the base URL and the model to remove it.',
  'llm.readFailed': 'The group’s LLM provider could not be read; saving leaves it as it is.',
  'llm.baseUrl': 'Base URL',
  'llm.baseUrlHint': 'e.g. https://api.openai.com/v1, or http://127.0.0.1:11434/v1 for Ollama',
  'llm.model': 'Model',
  'llm.apiKeySecret': 'API key secret',
  'llm.apiKeySecretHint': 'A secret of this group or a global one; its value is read at each run and never shown. None: no key (Ollama).',
  'llm.noKey': 'No key',
  'llm.timeoutSec': 'Request timeout (s)',
  'llm.maxTokens': 'Max tokens of a reply',
  'llm.saved': 'LLM provider of “{name}” saved',
  'llm.removed': 'LLM provider of “{name}” removed',
} as const
