/**
 * An executor group's LLM provider (docs/llm-steps.md): where the group's `llmJobHandler` runs send
 * their prompts. An OpenAI-compatible chat-completions API (OpenAI, Ollama, vLLM, LM Studio …);
 * the key is named, never held: `apiKeySecret` is the name of a secret of the group (or a global
 * one), read at trigger time like a `${secrets.NAME}` reference.
 */

/** The built-in handler that sends its parameter as a prompt to the group's provider. */
export const LLM_HANDLER = 'llmJobHandler'

/** Whether a job (or a run's request) is an LLM step: its run carries its group's provider. */
export function isLlmStep(job: { glueType: string; executorHandler: string }): boolean {
  return job.glueType === 'BEAN' && job.executorHandler === LLM_HANDLER
}

/** One request's limit when the provider names none: a local model on a laptop can take minutes. */
export const LLM_DEFAULT_TIMEOUT_SEC = 300
export const LLM_MAX_TIMEOUT_SEC = 3600
/** The reply's limit in tokens when the provider names none. */
export const LLM_DEFAULT_MAX_TOKENS = 1024
export const LLM_MAX_MAX_TOKENS = 1_000_000
export const LLM_BASE_URL_MAX_CHARS = 500
export const LLM_MODEL_MAX_CHARS = 200

/** What `setLlmProvider` takes. `apiKeySecret` empty or absent: no key (a local Ollama needs none). */
export interface LlmProviderInput {
  groupId: number
  /** The API's base URL, e.g. `https://api.openai.com/v1` or `http://127.0.0.1:11434/v1`. */
  baseUrl: string
  model: string
  apiKeySecret?: string | null
  timeoutSec?: number
  maxTokens?: number
}

/** A group's provider as the API answers it: the secret's name, never its value. */
export interface LlmProviderView {
  groupId: number
  baseUrl: string
  model: string
  apiKeySecret: string | null
  timeoutSec: number
  maxTokens: number
  updatedAtMs: number
  updatedBy: string
}

/** Part of JobDeskApi (./api-areas.ts): a group's LLM provider, by the group's id. */
export interface LlmApi {
  /** Sets (or replaces) the group's provider (admins and the group's operators). */
  setLlmProvider(input: LlmProviderInput): Promise<LlmProviderView>
  /** The group's provider, or null when it has none (whoever sees the group). */
  getLlmProvider(request: { groupId: number }): Promise<LlmProviderView | null>
  /** Removes the group's provider: its LLM steps fail at trigger until one is set again. */
  removeLlmProvider(request: { groupId: number }): Promise<void>
}
