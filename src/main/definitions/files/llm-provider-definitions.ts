import type { DefinitionChange } from '../../../shared/definition-plan'
import { fieldChange } from '../../../shared/definition-values'
import type { ErrorProblem } from '../../../shared/errors'
import { LLM_DEFAULT_MAX_TOKENS, LLM_DEFAULT_TIMEOUT_SEC, type LlmProviderView } from '../../../shared/llm-provider'
import { englishMessage } from '../../../shared/messages'
import type { LlmProviderDocument } from '../../../shared/schema/llm-provider'
import type { JobGroup } from '../../../shared/model'
import type { Repos } from '../../store/store'

/** A provider's settings as a file says them, the defaults filled in: what a plan compares. */
type ProviderSettings = Pick<LlmProviderView, 'baseUrl' | 'model' | 'apiKeySecret' | 'timeoutSec' | 'maxTokens'>
const FIELDS = ['baseUrl', 'model', 'apiKeySecret', 'timeoutSec', 'maxTokens'] as const

/** What an apply does with the files' `kind: LlmProvider` documents: each group's provider set, or left as it is. */
export interface LlmProviderPlan {
  writes: { appName: string; settings: ProviderSettings }[]
  changes: DefinitionChange[]
  unchanged: number
  problems: ErrorProblem[]
}

/**
 * The files' providers against the server's, field by field. A provider names its group by app
 * name: one on the server or one the same files declare (its id is known once the groups are
 * written, so the providers are written after them). A provider no file names any more stays,
 * as a pool does: removing one is removeLlmProvider's, or its group's removal.
 */
export function planLlmProviders(
  docs: readonly { index: number; doc: LlmProviderDocument }[],
  stored: { groups: readonly JobGroup[]; providers: readonly LlmProviderView[] },
  groupDeclared: (appName: string) => boolean,
  fileOf: (name: string) => string,
): LlmProviderPlan {
  const groupIds = new Map(stored.groups.map((g) => [g.appName, g.id]))
  const byGroup = new Map(stored.providers.map((p) => [p.groupId, p]))
  const plan: LlmProviderPlan = { writes: [], changes: [], unchanged: 0, problems: [] }
  for (const { index, doc } of docs) {
    const groupId = groupIds.get(doc.name)
    if (groupId === undefined && !groupDeclared(doc.name)) {
      const params = { name: doc.name }
      const code = 'definitions.llmProviderGroupUnknown'
      plan.problems.push({ field: `sources[${index}].document.name`, code, params, message: englishMessage(code, params) })
      continue
    }
    const settings = settingsOf(doc)
    const current = groupId === undefined ? undefined : byGroup.get(groupId)
    const values = current ? FIELDS.flatMap((field) => fieldChange(field, current[field], settings[field])) : []
    if (current && values.length === 0) {
      plan.unchanged++
      continue
    }
    const action = current ? 'update' : 'create'
    plan.writes.push({ appName: doc.name, settings })
    const change: DefinitionChange = { action, kind: 'LlmProvider', key: doc.name, file: fileOf(doc.name), fields: values.map((v) => v.field) }
    plan.changes.push(current ? { ...change, values } : change)
  }
  return plan
}

/** Writes the plan's providers in the apply's transaction, after the groups (a new group has its id by then). */
export async function writeLlmProviders(plan: LlmProviderPlan, tx: Pick<Repos, 'groups' | 'llmProviders'>, nowMs: number, by: string): Promise<void> {
  for (const { appName, settings } of plan.writes) {
    const group = await tx.groups.findByAppName(appName)
    if (group) await tx.llmProviders.put({ groupId: group.id, ...settings, updatedAtMs: nowMs, updatedBy: by })
  }
}

/** The providers of these groups as `kind: LlmProvider` documents (a default left out). */
export function llmProviderDocuments(providers: readonly LlmProviderView[], groups: readonly JobGroup[]): LlmProviderDocument[] {
  const appNames = new Map(groups.map((g) => [g.id, g.appName]))
  return providers.flatMap((p) => {
    const name = appNames.get(p.groupId)
    if (name === undefined) return []
    return [
      {
        kind: 'LlmProvider' as const,
        name,
        baseUrl: p.baseUrl,
        model: p.model,
        ...(p.apiKeySecret !== null ? { apiKeySecret: p.apiKeySecret } : {}),
        ...(p.timeoutSec !== LLM_DEFAULT_TIMEOUT_SEC ? { timeoutSec: p.timeoutSec } : {}),
        ...(p.maxTokens !== LLM_DEFAULT_MAX_TOKENS ? { maxTokens: p.maxTokens } : {}),
      },
    ]
  })
}

function settingsOf(doc: LlmProviderDocument): ProviderSettings {
  return {
    baseUrl: doc.baseUrl,
    model: doc.model,
    apiKeySecret: doc.apiKeySecret ?? null,
    timeoutSec: doc.timeoutSec ?? LLM_DEFAULT_TIMEOUT_SEC,
    maxTokens: doc.maxTokens ?? LLM_DEFAULT_MAX_TOKENS,
  }
}
