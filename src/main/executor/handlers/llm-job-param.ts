/**
 * What an LLM step's parameter asks (docs/llm-steps.md), after the trigger's substitutions
 * (`${params.*}`, `${nodes.<key>.output}`, `${schedule.date}`):
 *
 * - a JSON object with a string `prompt`: `{ "prompt": …, "system": …, "responseFormat": "json" }`,
 *   the system prompt and json mode optional;
 * - any other text: the prompt itself (a prompt that happens to be JSON without `prompt` too).
 */
export interface LlmJobRequest {
  prompt: string
  system?: string
  /** The reply must be one JSON value (the provider's json mode, and checked here). */
  json: boolean
}

const FIELDS = new Set(['prompt', 'system', 'responseFormat'])

/** The request, or why the parameter cannot be one (the run fails with it). */
export function parseLlmJobParam(param: string): LlmJobRequest | string {
  const object = jsonObjectOf(param)
  if (!object || typeof object.prompt !== 'string') {
    return param.trim() === '' ? 'llmJobHandler: the parameter is the prompt, and it is empty' : { prompt: param, json: false }
  }
  const unknown = Object.keys(object).filter((key) => !FIELDS.has(key))
  if (unknown.length > 0) return `llmJobHandler: unknown field ${unknown.map((k) => JSON.stringify(k)).join(', ')}; expected prompt, system, responseFormat`
  if (object.prompt.trim() === '') return 'llmJobHandler: "prompt" is empty'
  if (object.system !== undefined && typeof object.system !== 'string') return 'llmJobHandler: "system" must be a string'
  const format = object.responseFormat
  if (format !== undefined && format !== 'json' && format !== 'text')
    return `llmJobHandler: "responseFormat" must be "json" or "text", got ${JSON.stringify(format)}`
  return { prompt: object.prompt, ...(object.system ? { system: object.system } : {}), json: format === 'json' }
}

function jsonObjectOf(text: string): Record<string, unknown> | null {
  if (!text.trimStart().startsWith('{')) return null
  try {
    const value: unknown = JSON.parse(text)
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null
  } catch {
    return null
  }
}
