import { ValidationError, type ErrorParams, type ErrorProblem } from '../../../shared/errors'
import { EN_MESSAGES, enParamWords, fillTemplate, isMessageCode, wordFor, type MessageCode, type ParamWords } from '../../../shared/messages'
import { translate, type Language, type MessageKey } from './dictionary'
import { enFields } from './en-fields'
import { zhCNAuthMessages } from './zh-cn-messages-auth'
import { zhCNCalendarMessages } from './zh-cn-messages-calendars'
import { zhCNWindowMessages } from './zh-cn-messages-windows'
import { zhCNSecretUseMessages } from './zh-cn-messages-secret-use'
import { zhCNLlmMessages } from './zh-cn-messages-llm'
import { zhCNDeadlineMessages } from './zh-cn-messages-deadlines'
import { zhCNSilenceMessages } from './zh-cn-messages-silences'
import { zhCNRunViewMessages } from './zh-cn-messages-run-views'
import { zhCNBackfillMessages } from './zh-cn-messages-backfill'
import { zhCNCapacityMessages } from './zh-cn-messages-capacity'
import { zhCNSecretMessages } from './zh-cn-messages-secrets'
import { zhCNDirectoryMessages } from './zh-cn-messages-directory'
import { zhCNDefinitionMessages } from './zh-cn-messages-definitions'
import { zhCNErrorMessages } from './zh-cn-messages-errors'
import { zhCNFlowMessages } from './zh-cn-messages-flows'
import { zhCNHookMessages } from './zh-cn-messages-hooks'
import { zhCNFlowDefinitionMessages } from './zh-cn-messages-flow-definition'
import { zhCNFanOutMessages } from './zh-cn-messages-fan-out'
import { zhCNFlowBranchMessages } from './zh-cn-messages-flow-branches'
import { zhCNImportMessages } from './zh-cn-messages-import'
import { zhCNImportXxlMessages } from './zh-cn-messages-import-xxl'
import { zhCNRouteMessages } from './zh-cn-messages-route'
import { zhCNParamsMessages } from './zh-cn-messages-params'
import { zhCNParamWords, zhCNValidationMessages } from './zh-cn-messages-validation'

/**
 * The core's messages in the console's language, from their code and parameters (never from the
 * English text). A code the console does not know — an older or newer core, an executor's own
 * words — falls back to the English message the core wrote.
 */
interface Catalog {
  messages: Record<MessageCode, string>
  words: ParamWords
}

export const ZH_CN_MESSAGES: Record<MessageCode, string> = {
  ...zhCNRouteMessages,
  ...zhCNErrorMessages,
  ...zhCNValidationMessages,
  ...zhCNImportMessages,
  ...zhCNImportXxlMessages,
  ...zhCNAuthMessages,
  ...zhCNDirectoryMessages,
  ...zhCNFlowMessages,
  ...zhCNFlowDefinitionMessages,
  ...zhCNFanOutMessages,
  ...zhCNFlowBranchMessages,
  ...zhCNDefinitionMessages,
  ...zhCNHookMessages,
  ...zhCNCalendarMessages,
  ...zhCNWindowMessages,
  ...zhCNSecretUseMessages,
  ...zhCNLlmMessages,
  ...zhCNDeadlineMessages,
  ...zhCNSilenceMessages,
  ...zhCNRunViewMessages,
  ...zhCNBackfillMessages,
  ...zhCNCapacityMessages,
  ...zhCNSecretMessages,
  ...zhCNParamsMessages,
}

const CATALOGS: Record<Language, Catalog> = {
  en: { messages: EN_MESSAGES, words: enParamWords },
  'zh-CN': { messages: ZH_CN_MESSAGES, words: zhCNParamWords },
}

export interface MessageLike {
  code?: string
  params?: ErrorParams
}

/** A coded message in `language`, or null when its code is unknown or a parameter it names is missing. */
export function renderMessage(language: Language, message: MessageLike | null | undefined): string | null {
  if (!message || !isMessageCode(message.code)) return null
  const catalog = CATALOGS[language]
  return fillTemplate(catalog.messages[message.code], message.params ?? {}, (name, value) => wordFor(catalog.words, name, value))
}

/** A coded message in `language`; `fallback` (the core's English) when it cannot be rendered. */
export function messageText(language: Language, message: MessageLike | null | undefined, fallback: string): string {
  return renderMessage(language, message) ?? fallback
}

/** The rule of an error without the field it names (`is required`), for the message under a form field. */
export function errorRule(language: Language, error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  return messageText(language, error as MessageLike, error.message)
}

/** An error in `language`, naming the field of a ValidationError (`scheduleConf: …`), for a toast or a form. */
export function errorText(language: Language, error: unknown): string {
  const rule = errorRule(language, error)
  if (!(error instanceof ValidationError)) return rule
  return `${fieldLabel(language, error.field)}${language === 'zh-CN' ? '：' : ': '}${rule}`
}

/**
 * A field of the core's message as the operator knows it: `arguments[0].newPassword` is "New
 * password", `smtp.port` "Port". The path's last name picks the label; a name without one is shown
 * as it is, without the call's `arguments[0].` or `request.` in front.
 */
export function fieldLabel(language: Language, field: string): string {
  const path = field.replace(/^(?:arguments\[\d+\]|request|body|input)\.?/, '')
  const last = /([A-Za-z]+)(?:\[\d+\])?$/.exec(path)?.[1]
  const key = `field.${last}` as MessageKey
  return last !== undefined && key in enFields ? translate(language, key) : path || field
}

/** One problem of several (an import), with the job or flow it is about when the problem names one. */
export function problemText(language: Language, problem: ErrorProblem): string {
  const rendered = renderMessage(language, problem)
  const separator = language === 'zh-CN' ? '：' : ': '
  // The English fallback names the job or flow already; a rendered rule gets it in this language.
  if (rendered === null) return `${problem.field}${separator}${problem.message}`
  return `${problem.field}${separator}${rendered}${problemLabel(language, problem.params)}`
}

function problemLabel(language: Language, params: ErrorParams): string {
  const { jobName, jobKey, flowName } = params
  if (typeof jobName === 'string') return translate(language, 'import.problemJob', { name: jobName })
  if (typeof jobKey === 'string') return translate(language, 'import.problemJobKey', { key: jobKey })
  if (typeof flowName === 'string') return translate(language, 'import.problemFlow', { name: flowName })
  return ''
}
