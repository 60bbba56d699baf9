import { coded } from '../../shared/messages'
import { readsParamAsRequest } from '../../shared/flow-references'
import type { TrailMessage } from '../../shared/trigger-trail'
import type { TriggerParam } from '../executor/executor-api'
import { fillSecrets, secretNamesIn } from '../secrets/resolve-secrets'
import { envSecretName, envSecretNames, mayNameSecrets } from '../../shared/secret-names'
import type { PreparedRun } from './prepare-runs'
import type { ExecutorDirectory } from './executor-directory'
import type { SecretReader } from '../secrets/secret-reader'

export type SecretRequest = { ok: true; param: TriggerParam } | { ok: false; why: TrailMessage }

/** False when the request names no secret (one substring check): `requestWithSecrets` would hand it back as it is. */
export function mayNeedSecrets(param: TriggerParam, job: { env?: PreparedRun['job']['env'] }): boolean {
  return mayNameSecrets(param.executorParams) || job.env !== undefined
}

/**
 * The request of a run with its secrets put in, or why it may not leave: a secret goes only to an
 * address registered in (or configured for) the run's group — the rule the group's access token
 * follows (ExecutorDirectory.entitled) — never to an override address a caller chose. A request
 * naming no secret is returned as it is, after one substring check: a run without secrets reads
 * nothing more.
 */
export async function requestWithSecrets(
  param: TriggerParam,
  run: Pick<PreparedRun, 'group' | 'tokenless'> & { job: Pick<PreparedRun['job'], 'env'> },
  address: string,
  deps: { executors: Pick<ExecutorDirectory, 'entitled'>; secrets?: SecretReader },
): Promise<SecretRequest> {
  const env = run.job.env
  if (!mayNeedSecrets(param, run.job)) return { ok: true, param }
  const names = [...new Set([...secretNamesIn(param.executorParams), ...envSecretNames(env)])]
  if (names.length === 0) return { ok: true, param }
  if (run.tokenless.includes(address) || !(await deps.executors.entitled(address, run.group))) {
    return { ok: false, why: coded('triggerResult.secretToUnregistered', { address }) }
  }
  const values = (await deps.secrets?.valuesFor(run.group?.id ?? null, names)) ?? new Map<string, string>()
  const filled = fillSecrets(param.executorParams, values, readsParamAsRequest({ glueType: param.glueType, executorHandler: param.executorHandler }))
  const missing = names.filter((name) => !values.has(name))
  if (missing.length > 0) return { ok: false, why: coded('triggerResult.secretMissing', { names: missing.join(', ') }) }
  const maskValues = [...new Set(values.values())].filter((v) => v !== '')
  const withEnv =
    env === undefined ? {} : { env: Object.fromEntries(Object.entries(env).map(([variable, ref]) => [variable, values.get(envSecretName(ref)!)!])) }
  if (filled.ok) return { ok: true, param: { ...param, executorParams: filled.value, maskValues, ...withEnv } }
  if ('missing' in filled) return { ok: false, why: coded('triggerResult.secretMissing', { names: filled.missing.join(', ') }) }
  return { ok: false, why: coded('triggerResult.secretPlacement', { ref: filled.problem.ref, offset: filled.problem.offset + 1 }) }
}
