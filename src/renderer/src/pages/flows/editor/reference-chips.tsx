import { Code, Group, Text, UnstyledButton } from '@mantine/core'
import { useRef } from 'react'
import { useT } from '../../../i18n/use-t'

/**
 * Inserting a reference where the cursor is in a text field: the field's ref, and `insert` that
 * puts the text there (or at the end) and leaves the cursor after it.
 */
export function useInsertAtCursor<E extends HTMLInputElement | HTMLTextAreaElement>(value: string, onChange: (value: string) => void) {
  const input = useRef<E>(null)
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
  return { input, insert }
}

/** The references a field may use, each a button that inserts it. */
export function ReferenceChips({
  references,
  onInsert,
  testId = 'flow-param-refs',
}: {
  references: readonly string[]
  onInsert(reference: string): void
  testId?: string
}) {
  const t = useT()
  return (
    <>
      <Text size="xs" c="dimmed">
        {t('flowEditor.paramRefs')}
      </Text>
      <Group gap={4} data-testid={testId}>
        {references.map((reference) => (
          <UnstyledButton key={reference} className="jd-flow-ref" onClick={() => onInsert(reference)} data-testid="flow-param-ref" data-ref={reference}>
            <Code>{reference}</Code>
          </UnstyledButton>
        ))}
      </Group>
    </>
  )
}
