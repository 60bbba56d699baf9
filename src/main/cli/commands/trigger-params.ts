import { checkParamValues, declaresParams, type ParamsFields } from '../../../shared/job-params'
import { englishMessage } from '../../../shared/messages'
import { CliError } from '../cli-error'

/**
 * What `--param` means for a job (docs/cli.md): for a job that declares typed parameters, each is
 * `name=value` and the values are checked here against its declaration before anything is sent, a
 * refusal naming the parameter (exit 2); for a job without, the one free-text parameter, as before.
 */
export function triggerParamFields(
  job: ParamsFields & { name: string },
  given: readonly string[],
): { executorParam?: string; params?: Record<string, string> } {
  if (!declaresParams(job)) {
    if (given.length > 1) throw new CliError(`job '${job.name}' declares no typed parameters: give one --param, its free-text parameter`)
    return given.length === 1 ? { executorParam: given[0] } : {}
  }
  const params: Record<string, string> = {}
  for (const pair of given) {
    const at = pair.indexOf('=')
    if (at <= 0) throw new CliError(`--param '${pair.slice(0, 80)}': job '${job.name}' declares typed parameters; write --param name=value`)
    params[pair.slice(0, at)] = pair.slice(at + 1)
  }
  const { problems } = checkParamValues(job.params, params)
  if (problems.length > 0)
    throw new CliError(
      englishMessage(problems[0].code, problems[0].params),
      problems.slice(1).map((p) => englishMessage(p.code, p.params)),
    )
  return { params }
}
