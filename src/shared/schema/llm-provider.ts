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

/** A definition file's `kind: LlmProvider` (docs/definitions-as-code.md): a group's provider, the group by its app name. */
export const llmProviderDocumentSchema = z
  .strictObject({
    kind: z.literal('LlmProvider'),
    name: z.string().min(1).max(64).describe('the app name of the executor group whose LLM steps use it'),
    baseUrl: baseUrl.describe('an OpenAI-compatible API, e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1'),
    model: requiredText(LLM_MODEL_MAX_CHARS),
    apiKeySecret: secretName.optional().describe('the name of a secret of the group (or a global one) holding the key; leave out for none'),
    timeoutSec: z.int().min(1).max(LLM_MAX_TIMEOUT_SEC).optional().describe(`one request's limit (default ${LLM_DEFAULT_TIMEOUT_SEC})`),
    maxTokens: z.int().min(1).max(LLM_MAX_MAX_TOKENS).optional().describe(`the reply's limit in tokens (default ${LLM_DEFAULT_MAX_TOKENS})`),
  })
  .describe("an executor group's LLM provider (docs/llm-steps.md)")

export type LlmProviderDocument = z.infer<typeof llmProviderDocumentSchema>
