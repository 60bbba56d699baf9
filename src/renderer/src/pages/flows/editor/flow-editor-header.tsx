import { Button, Group, Text, TextInput, Title } from '@mantine/core'
import type { DefinitionOrigin } from '../../../../../shared/definition-origin'
import { OriginBadge } from '../../../components/definition-origin/origin-badge'
import { useT } from '../../../i18n/use-t'

interface FlowEditorHeaderProps {
  flowId: number | undefined
  name: string
  /** The definition file the flow was applied from, if any. */
  origin: DefinitionOrigin | undefined
  nameError: string | undefined
  onName(name: string): void
  dirty: boolean
  saving: boolean
  /** Back and Cancel: both ask first when there are unsaved edits. */
  onLeave(): void
  onSave(): void
}

/** The editor's top line: back to the flows, which flow, its name, and Cancel / Save (always in sight, whichever tab is open). */
export function FlowEditorHeader({ flowId, name, origin, nameError, onName, dirty, saving, onLeave, onSave }: FlowEditorHeaderProps) {
  const t = useT()
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Group wrap="nowrap" gap="sm" miw={0} style={{ flex: 1 }}>
        <Button variant="subtle" size="compact-sm" onClick={onLeave} data-testid="flow-editor-back">
          ← {t('flowEditor.back')}
        </Button>
        <Title order={2} size="h4" style={{ whiteSpace: 'nowrap' }}>
          {flowId === undefined ? t('flowEditor.newTitle') : t('flowEditor.editTitle', { id: flowId })}
        </Title>
        {origin && <OriginBadge origin={origin} />}
        <TextInput
          aria-label={t('flowEditor.name')}
          placeholder={t('flowEditor.namePlaceholder')}
          value={name}
          onChange={(event) => onName(event.currentTarget.value)}
          error={nameError}
          size="sm"
          style={{ flex: 1, maxWidth: 360 }}
          data-testid="flow-field-name"
        />
      </Group>
      <Group wrap="nowrap" gap="xs">
        {dirty && (
          <Text size="sm" c="orange" data-testid="flow-editor-dirty">
            {t('flowEditor.unsaved')}
          </Text>
        )}
        <Button variant="default" onClick={onLeave} data-testid="flow-editor-cancel">
          {t('common.cancel')}
        </Button>
        <Button onClick={onSave} loading={saving} data-testid="flow-editor-save">
          {t('common.save')}
        </Button>
      </Group>
    </Group>
  )
}
