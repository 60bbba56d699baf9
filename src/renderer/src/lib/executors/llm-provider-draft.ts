import { LLM_DEFAULT_MAX_TOKENS, LLM_DEFAULT_TIMEOUT_SEC, type LlmProviderInput, type LlmProviderView } from '../../../../shared/llm-provider'

/** The group editor's LLM provider fields as typed (docs/llm-steps.md). Blank base URL and model: no provider. */
export interface LlmProviderDraft {
  baseUrl: string
  model: string
  /** A secret's name; '' for no key. */
  apiKeySecret: string
  timeoutSec: number
  maxTokens: number
}

const FIELDS: readonly (keyof LlmProviderDraft)[] = ['baseUrl', 'model', 'apiKeySecret', 'timeoutSec', 'maxTokens']
/** The call's own words for them: the core's argument check names a field inside the call's arguments. */
const CALL_PREFIX = 'arguments[0].'

/** The fields a provider save error may name, as the core names them: it lands beside that field. */
export const LLM_PROVIDER_FIELDS: ReadonlySet<string> = new Set(FIELDS.flatMap((field) => [field, `${CALL_PREFIX}${field}`]))

/** The editor's field an error names (`arguments[0].baseUrl` → `baseUrl`). */
export function llmProviderField(field: string): string {
  return field.startsWith(CALL_PREFIX) ? field.slice(CALL_PREFIX.length) : field
}

export const EMPTY_LLM_PROVIDER: LlmProviderDraft = {
  baseUrl: '',
  model: '',
  apiKeySecret: '',
  timeoutSec: LLM_DEFAULT_TIMEOUT_SEC,
  maxTokens: LLM_DEFAULT_MAX_TOKENS,
}

export function llmProviderDraftOf(provider: LlmProviderView | null): LlmProviderDraft {
  if (!provider) return EMPTY_LLM_PROVIDER
  const { baseUrl, model, apiKeySecret, timeoutSec, maxTokens } = provider
  return { baseUrl, model, apiKeySecret: apiKeySecret ?? '', timeoutSec, maxTokens }
}

/**
 * What saving the group does to its provider: nothing when the fields are as loaded, a removal
 * when a provider's base URL and model were both cleared, else a set (the core checks the rest).
 */
export function llmProviderChange(
  loaded: LlmProviderDraft,
  draft: LlmProviderDraft,
  groupId: number,
): { kind: 'none' } | { kind: 'remove' } | { kind: 'set'; input: LlmProviderInput } {
  const blank = (d: LlmProviderDraft) => d.baseUrl.trim() === '' && d.model.trim() === ''
  const same = (Object.keys(draft) as (keyof LlmProviderDraft)[]).every((key) => draft[key] === loaded[key])
  if (same || (blank(draft) && blank(loaded))) return { kind: 'none' }
  if (blank(draft)) return { kind: 'remove' }
  return {
    kind: 'set',
    input: {
      groupId,
      baseUrl: draft.baseUrl.trim(),
      model: draft.model.trim(),
      apiKeySecret: draft.apiKeySecret === '' ? null : draft.apiKeySecret,
      timeoutSec: draft.timeoutSec,
      maxTokens: draft.maxTokens,
    },
  }
}
