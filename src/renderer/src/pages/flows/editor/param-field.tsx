import { Stack, Textarea } from '@mantine/core'
import { renderMessage, type MessageLike } from '../../../i18n/server-text'
import { useLanguage, useT } from '../../../i18n/use-t'
import { outputReference } from '../../../../../shared/flow-references'
import { ReferenceChips, useInsertAtCursor } from './reference-chips'

const FLOW_PARAM = '${flow.param}'

interface ParamFieldProps {
  value: string
  onChange(value: string): void
  /** The nodes that run before this one, nearest first: the outputs it may use. */
  ancestors: readonly string[]
  /** Keys it uses that do not run before it. */
  misplaced: readonly string[]
  /** References standing where a value could become structure (the core's coded messages). */
  placement: readonly (MessageLike & { message?: string })[]
  /** References only this node has (a fan-out's `${item}`), offered after the flow's. */
  extraReferences?: readonly string[]
  /** Another field with the same helper (a fan-out's list): its label, placeholder and test id. */
  label?: string
  placeholder?: string
  testId?: string
}

/**
 * A node's parameter, with the references it may use listed under it (click one to insert it
 * where the cursor is): `${flow.param}` and the output of each node that runs before it.
 */
export function ParamField({
  value,
  onChange,
  ancestors,
  misplaced,
  placement,
  extraReferences = [],
  label,
  placeholder,
  testId = 'flow-node-param',
}: ParamFieldProps) {
  const t = useT()
  const language = useLanguage()
  const { input, insert } = useInsertAtCursor<HTMLTextAreaElement>(value, onChange)
  const references = [FLOW_PARAM, ...ancestors.map(outputReference), ...extraReferences]
  return (
    <Stack gap={4}>
      <Textarea
        ref={input}
        label={label ?? t('flowEditor.param')}
        placeholder={placeholder ?? t('flowEditor.paramPlaceholder')}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        autosize
        minRows={2}
        maxRows={6}
        classNames={{ input: 'jd-mono' }}
        spellCheck={false}
        error={
          misplaced.length > 0
            ? t('flowEditor.paramMisplaced', { keys: misplaced.join(', ') })
            : (placement.map((m) => renderMessage(language, m) ?? m.message).find(Boolean) ?? undefined)
        }
        data-testid={testId}
      />
      <ReferenceChips references={references} onInsert={insert} testId={testId === 'flow-node-param' ? 'flow-param-refs' : `${testId}-refs`} />
    </Stack>
  )
}
