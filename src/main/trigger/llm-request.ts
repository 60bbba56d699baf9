import { coded } from '../../shared/messages'
import { isLlmStep, type LlmProviderView } from '../../shared/llm-provider'
import type { TriggerParam } from '../executor/executor-api'
import type { SecretReader } from '../secrets/secret-reader'
import type { ExecutorDirectory } from './executor-directory'
import type { PreparedRun } from './prepare-runs'
import type { SecretRequest } from './secret-request'

/** Where the trigger reads a group's provider: the store's repository, or a test's stand-in. */
export interface LlmProviders {
  get(groupId: number): Promise<LlmProviderView | undefined>
}

/**
 * The request of an LLM step with its group's provider put in (docs/llm-steps.md), or why it may
 * not leave. The provider and its key follow a secret's rule (./secret-request.ts): only to an
 * address registered in (or configured for) the run's group, never to an override; the key is
 * read from the secret the provider names (the group's own, else a global one) and added to the
 * run's mask values, so neither the embedded executor nor an agent lets it into a log. Every other
 * run is returned as it is, after one comparison.
 */
export async function requestWithLlm(
  param: TriggerParam,
  run: Pick<PreparedRun, 'group' | 'tokenless'>,
  address: string,
  deps: { executors: Pick<ExecutorDirectory, 'entitled'>; secrets?: SecretReader; llmProviders?: LlmProviders },
): Promise<SecretRequest> {
  if (!isLlmStep(param)) return { ok: true, param }
  const groupId = run.group?.id ?? 0
  const provider = run.group && (await deps.llmProviders?.get(run.group.id))
  if (!provider) return { ok: false, why: coded('triggerResult.llmNoProvider', { groupId }) }
  if (run.tokenless.includes(address) || !(await deps.executors.entitled(address, run.group))) {
    return { ok: false, why: coded('triggerResult.llmToUnregistered', { address }) }
  }
  const name = provider.apiKeySecret
  const apiKey = name === null ? undefined : (await deps.secrets?.valuesFor(groupId, [name]))?.get(name)
  if (name !== null && !apiKey) return { ok: false, why: coded('triggerResult.llmKeyMissing', { name }) }
  const { baseUrl, model, timeoutSec, maxTokens } = provider
  const llm = { baseUrl, model, timeoutSec, maxTokens, ...(apiKey ? { apiKey } : {}) }
  const maskValues = apiKey ? [...new Set([...(param.maskValues ?? []), apiKey])] : param.maskValues
  return { ok: true, param: { ...param, llm, ...(maskValues ? { maskValues } : {}) } }
}
