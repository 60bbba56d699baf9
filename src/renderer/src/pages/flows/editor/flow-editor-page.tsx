import { Button, Card, Group, Text, Title } from '@mantine/core'
import { useT } from '../../../i18n/use-t'

/**
 * What the Flows page gives the flow editor (route `{ page: 'flows', mode: 'edit', flowId }`,
 * `#/flows/new` or `#/flows/<id>/edit`). The editor reads and saves the flow itself (getFlow,
 * addFlow / updateFlow) and reports unsaved edits with the store's `setUnsavedChanges`: the leave
 * guard then asks before the operator leaves this flow's editor (route.ts `editScope`).
 */
export interface FlowEditorPageProps {
  /** The flow to edit; null for a new flow. */
  flowId: number | null
  /** Back to the Flows list: after a save, or when the operator cancels. */
  onClose(): void
}

/**
 * PLACEHOLDER, to be replaced by the flow editor (the drag-to-link canvas for a flow's nodes and
 * edges, built in this folder). It keeps the route and the props in place until then.
 */
export function FlowEditorPage({ flowId, onClose }: FlowEditorPageProps) {
  const t = useT()
  return (
    <Card withBorder data-testid="flow-editor-placeholder" data-flow-id={flowId ?? 'new'}>
      <Group justify="space-between">
        <Title order={3} size="h4">
          {flowId === null ? t('flows.new') : `${t('flows.action.edit')} #${flowId}`}
        </Title>
        <Button variant="default" size="xs" onClick={onClose}>
          {t('flows.backToList')}
        </Button>
      </Group>
      <Text c="dimmed" mt="sm">
        {t('flows.editorPlaceholder')}
      </Text>
    </Card>
  )
}
