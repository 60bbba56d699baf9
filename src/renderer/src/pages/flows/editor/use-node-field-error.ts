import { useCallback } from 'react'
import { messageText } from '../../../i18n/server-text'
import { useLanguage } from '../../../i18n/use-t'
import { nodeFieldProblems } from '../../../lib/flows/flow-draft'
import type { FlowDefinition } from '../../../../../shared/flow-types'

/**
 * The first reason the core would refuse a field of node `key` (`flowId`, `forEach`, `cases[2]`;
 * with `nested` false, the field itself only: `cases` as a whole, not one case),
 * in the console's language: rendered by its code, or the core's English for a code this console
 * does not know yet. Undefined when the field is fine.
 */
export function useNodeFieldError(definition: FlowDefinition, key: string): (field: string, nested?: boolean) => string | undefined {
  const language = useLanguage()
  return useCallback(
    (field: string, nested = true) => {
      const [problem] = nodeFieldProblems(definition, key, field, nested)
      return problem ? messageText(language, problem, problem.message) : undefined
    },
    [definition, key, language],
  )
}
