import type { ErrorParams } from '../errors'
import { enAuthMessages } from './en-auth'
import { enCalendarMessages } from './en-calendars'
import { enCapacityMessages } from './en-capacity'
import { enSecretMessages } from './en-secrets'
import { enWindowMessages } from './en-windows'
import { enSecretUseMessages } from './en-secret-use'
import { enLlmMessages } from './en-llm'
import { enDeadlineMessages } from './en-deadlines'
import { enBackfillMessages } from './en-backfill'
import { enSilenceMessages } from './en-silences'
import { enRunViewMessages } from './en-run-views'
import { enDefinitionMessages } from './en-definitions'
import { enDirectoryMessages } from './en-directory'
import { enErrorMessages } from './en-errors'
import { enFlowMessages } from './en-flows'
import { enHookMessages } from './en-hooks'
import { enFlowDefinitionMessages } from './en-flow-definition'
import { enFanOutMessages } from './en-fan-out'
import { enFlowBranchMessages } from './en-flow-branches'
import { enImportMessages } from './en-import'
import { enImportXxlMessages } from './en-import-xxl'
import { enRouteMessages } from './en-route'
import { enParamsMessages } from './en-params'
import { enParamWords, enValidationMessages } from './en-validation'
import { fillTemplate, paramText, type CodedMessage, type ParamValue } from './format-message'

export { fillTemplate, placeholdersOf, type CodedMessage, type ParamValue } from './format-message'
export { enParamWords } from './en-validation'

/**
 * Every server message code with its English template. The console's other languages must give a
 * text for each (typed as `Record<MessageCode, string>`, and a test walks every code).
 */
export const EN_MESSAGES = {
  ...enRouteMessages,
  ...enErrorMessages,
  ...enValidationMessages,
  ...enImportMessages,
  ...enImportXxlMessages,
  ...enAuthMessages,
  ...enFlowMessages,
  ...enFlowDefinitionMessages,
  ...enFanOutMessages,
  ...enFlowBranchMessages,
  ...enDefinitionMessages,
  ...enHookMessages,
  ...enDirectoryMessages,
  ...enCalendarMessages,
  ...enWindowMessages,
  ...enBackfillMessages,
  ...enDeadlineMessages,
  ...enSilenceMessages,
  ...enCapacityMessages,
  ...enRunViewMessages,
  ...enSecretMessages,
  ...enParamsMessages,
  ...enSecretUseMessages,
  ...enLlmMessages,
} as const

export type MessageCode = keyof typeof EN_MESSAGES
/** Words for parameter values, per parameter name (see en-validation.ts). */
export type ParamWords = { [P in keyof typeof enParamWords]: Record<keyof (typeof enParamWords)[P], string> }

export function isMessageCode(code: unknown): code is MessageCode {
  return typeof code === 'string' && Object.hasOwn(EN_MESSAGES, code)
}

/** A parameter's text, with the words of `words` for the parameters that name one. */
export function wordFor(words: ParamWords, name: string, value: ParamValue): string {
  const table = (words as Record<string, Record<string, string> | undefined>)[name]
  if (table && typeof value === 'string' && Object.hasOwn(table, value)) return table[value]
  return paramText(name, value)
}

/** The English text of a message; a missing parameter stays visible as `{name}` (a bug to see, not hide). */
export function englishMessage(code: MessageCode, params: ErrorParams = {}): string {
  const template: string = EN_MESSAGES[code]
  return fillTemplate(template, params, (name, value) => wordFor(enParamWords, name, value)) ?? template
}

/** A coded message with its English text, for the places that keep both (trails, reports). */
export function coded(code: MessageCode, params: ErrorParams = {}): CodedMessage & { code: MessageCode } {
  return { code, params }
}
