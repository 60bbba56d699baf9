import type { TriggerParam } from './executor-api'
import { badGlueTypeMsg, GROOVY_REFUSED_MSG, handlerNotFoundMsg, scriptsDisabledMsg } from './executor-texts'
import { isGlueType, isScriptGlueType } from './glue'

/**
 * Whether this executor can run the trigger's glue at all (docs/protocol.md#trigger, its refusals). Returns the
 * rejection text, or null when it can.
 */
export function checkGlue(param: TriggerParam, scripts: { enabled: boolean; hint: string }, handlerNames: ReadonlySet<string>): string | null {
  if (!isGlueType(param.glueType)) return badGlueTypeMsg(param.glueType)
  if (param.glueType === 'BEAN') return handlerNames.has(param.executorHandler) ? null : handlerNotFoundMsg(param.executorHandler)
  if (param.glueType === 'GLUE_GROOVY') return GROOVY_REFUSED_MSG
  if (isScriptGlueType(param.glueType)) {
    if (!scripts.enabled) return scriptsDisabledMsg(param.glueType, scripts.hint)
    if (!param.glueSource) return `invalid trigger param, glueSource: is required for ${param.glueType}`
    return null
  }
  return badGlueTypeMsg(param.glueType)
}
