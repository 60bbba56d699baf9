import { checkParamValues, declaresParams, type ParamsFields } from '../../../shared/job-params'
import { englishMessage } from '../../../shared/messages'
import { CliError } from '../cli-error'

/**
 * What `--param` means for a job or a flow (docs/cli.md): for one that declares typed parameters,
 * each is `name=value` and the values are checked here against its declaration before anything is
 * sent, a refusal naming the parameter (exit 2); for one without, the one free-text parameter.
 */
export function triggerParamFields(
  target: ParamsFields & { name: string },
  given: readonly string[],
  what: 'job' | 'flow' = 'job',
): { text?: string; params?: Record<string, string> } {
  if (!declaresParams(target)) {
    if (given.length > 1) throw new CliError(`${what} '${target.name}' declares no typed parameters: give one --param, its free-text parameter`)
    return given.length === 1 ? { text: given[0] } : {}
  }
  const params: Record<string, string> = {}
  for (const pair of given) {
    const at = pair.indexOf('=')
    if (at <= 0) throw new CliError(`--param '${pair.slice(0, 80)}': ${what} '${target.name}' declares typed parameters; write --param name=value`)
    params[pair.slice(0, at)] = pair.slice(at + 1)
  }
  const { problems } = checkParamValues(target.params, params)
  if (problems.length > 0)
    throw new CliError(
      englishMessage(problems[0].code, problems[0].params),
      problems.slice(1).map((p) => englishMessage(p.code, p.params)),
    )
  return { params }
}
