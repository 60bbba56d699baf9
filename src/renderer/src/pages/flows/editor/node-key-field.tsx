import { TextInput } from '@mantine/core'
import { useState } from 'react'
import type { FlowDefinition } from '../../../../../shared/flow-types'
import { useT } from '../../../i18n/use-t'
import { renameNode } from '../../../lib/flows/flow-draft'

/**
 * A node's key, renamed when the field is left or Enter is pressed (not per keystroke: every key
 * on the way would rename the links and references). A key the editor refuses stays in the field
 * with the reason under it until it is fixed or Escape puts the old one back.
 */
export function NodeKeyField({ definition, nodeKey, onRename }: { definition: FlowDefinition; nodeKey: string; onRename(to: string): void }) {
  const t = useT()
  const [value, setValue] = useState(nodeKey)
  const [error, setError] = useState<string | null>(null)
  const commit = () => {
    const to = value.trim()
    const result = renameNode(definition, nodeKey, to)
    if (result.ok) {
      setError(null)
      if (to !== nodeKey) onRename(to)
      return
    }
    setError(result.reason === 'taken' ? t('flowEditor.keyTaken', { key: to }) : t('flowEditor.keyPattern'))
  }
  return (
    <TextInput
      label={t('flowEditor.key')}
      description={t('flowEditor.keyHint')}
      value={value}
      onChange={(event) => setValue(event.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit()
        if (event.key === 'Escape') {
          setValue(nodeKey)
          setError(null)
        }
      }}
      error={error}
      classNames={{ input: 'jd-mono' }}
      spellCheck={false}
      autoCapitalize="off"
      data-testid="flow-node-key"
    />
  )
}
