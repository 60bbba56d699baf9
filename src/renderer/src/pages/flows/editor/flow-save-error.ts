import { CodedError, ValidationError } from '../../../../../shared/errors'
import type { FlowSettings } from '../../../../../shared/flow-types'
import type { Language } from '../../../i18n/dictionary'
import { errorRule, errorText } from '../../../i18n/server-text'

/** The settings the editor shows a field for: a refusal naming one of them is shown on it too. */
const SETTINGS_FIELDS: ReadonlySet<string> = new Set<keyof FlowSettings>([
  'name',
  'description',
  'scheduleType',
  'scheduleConf',
  'timezone',
  'misfireStrategy',
  'maxActiveRuns',
  'overlap',
  'timeoutSec',
  'alarmEmail',
  'param',
])

/** `nodes[2].param` or `nodes.2.key`: the index of the node a field path is about. */
const NODE_FIELD = /^nodes(?:\[(\d+)\]|\.(\d+))/

export interface FlowSaveProblem {
  /** The whole refusal in `language`, naming its field, for the editor's alert. */
  message: string
  /** The settings field it is about, with the rule alone to show under that field. */
  field: { name: string; rule: string } | null
  /** The node it is about (named by the error's `key` parameter or its field path), to select. */
  nodeKey: string | null
}

/** How the editor shows the core's refusal of a save: its coded text in the UI language, on the field or node it names. */
export function flowSaveProblem(error: unknown, language: Language, nodeKeys: readonly string[]): FlowSaveProblem {
  const message = errorText(language, error)
  const field = error instanceof ValidationError && SETTINGS_FIELDS.has(error.field) ? { name: error.field, rule: errorRule(language, error) } : null
  let nodeKey: string | null = null
  if (error instanceof CodedError && typeof error.params.key === 'string' && nodeKeys.includes(error.params.key)) nodeKey = error.params.key
  else if (error instanceof ValidationError) {
    const match = NODE_FIELD.exec(error.field)
    const index = match ? Number(match[1] ?? match[2]) : -1
    if (index >= 0 && index < nodeKeys.length) nodeKey = nodeKeys[index]
  }
  return { message, field, nodeKey }
}
