import { Code, Group, Stack, Text, Textarea, UnstyledButton } from '@mantine/core'
import { useRef } from 'react'
import { renderMessage, type MessageLike } from '../../../i18n/server-text'
import { useLanguage, useT } from '../../../i18n/use-t'
import { outputReference } from '../../../../../shared/flow-references'

const FLOW_PARAM = '${flow.param}'

interface ParamFieldProps {
  value: string
  onChange(value: string): void
  /** The nodes that run before this one, nearest first: the outputs it may use. */
  ancestors: readonly string[]
  /** Keys it uses that do not run before it. */
  misplaced: readonly string[]
  /** References standing where a value could become structure (the core's coded messages). */
  placement: readonly MessageLike[]
}

/**
 * A job node's parameter, with the references it may use listed under it (click one to insert it
 * where the cursor is): `${flow.param}` and the output of each node that runs before it.
 */
export function ParamField({ value, onChange, ancestors, misplaced, placement }: ParamFieldProps) {
  const t = useT()
  const language = useLanguage()
  const input = useRef<HTMLTextAreaElement>(null)
  const insert = (text: string) => {
    const field = input.current
    const start = field?.selectionStart ?? value.length
    const end = field?.selectionEnd ?? value.length
    onChange(value.slice(0, start) + text + value.slice(end))
    // After React wrote the new value: the cursor goes after what was inserted.
    requestAnimationFrame(() => {
      field?.focus()
      field?.setSelectionRange(start + text.length, start + text.length)
    })
  }
  const references = [FLOW_PARAM, ...ancestors.map(outputReference)]
  return (
    <Stack gap={4}>
      <Textarea
        ref={input}
        label={t('flowEditor.param')}
        placeholder={t('flowEditor.paramPlaceholder')}
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
            : (placement.map((m) => renderMessage(language, m)).find(Boolean) ?? undefined)
        }
        data-testid="flow-node-param"
      />
      <Text size="xs" c="dimmed">
        {t('flowEditor.paramRefs')}
      </Text>
      <Group gap={4} data-testid="flow-param-refs">
        {references.map((reference) => (
          <UnstyledButton key={reference} className="jd-flow-ref" onClick={() => insert(reference)} data-testid="flow-param-ref" data-ref={reference}>
            <Code>{reference}</Code>
          </UnstyledButton>
        ))}
      </Group>
    </Stack>
  )
}
