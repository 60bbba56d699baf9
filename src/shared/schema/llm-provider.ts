import { codedIssue } from '../messages/coded-errors'
import {
  LLM_BASE_URL_MAX_CHARS,
  LLM_DEFAULT_MAX_TOKENS,
  LLM_DEFAULT_TIMEOUT_SEC,
  LLM_MAX_MAX_TOKENS,
  LLM_MAX_TIMEOUT_SEC,
  LLM_MODEL_MAX_CHARS,
  type LlmProviderInput,
} from '../llm-provider'
import { executorAddressProblem, id, requiredText } from './primitives'
import { secretName } from './secrets'
import { z } from './z'

/** The API's base URL: one absolute http(s) URL without credentials (the key travels as a header, from a secret). */
const baseUrl = z
  .string()
  .trim()
  .max(LLM_BASE_URL_MAX_CHARS)
  .superRefine((value, context) => {
    const problem = executorAddressProblem(value)
    if (problem) context.addIssue(codedIssue(problem.code, problem.params))
  })

/** A secret's name, or empty/null/absent for none (stored as null). */
const apiKeySecret = z
  .union([z.literal(''), secretName])
  .nullish()
  .transform((name) => (name ? name : null))

export const llmProviderArgs = z.strictObject({
  groupId: id,
  baseUrl,
  model: requiredText(LLM_MODEL_MAX_CHARS),
  apiKeySecret,
  timeoutSec: z.int().min(1).max(LLM_MAX_TIMEOUT_SEC).default(LLM_DEFAULT_TIMEOUT_SEC),
  maxTokens: z.int().min(1).max(LLM_MAX_MAX_TOKENS).default(LLM_DEFAULT_MAX_TOKENS),
}) satisfies z.ZodType<Required<LlmProviderInput>, unknown>

export const llmProviderRefArgs = z.strictObject({ groupId: id })
