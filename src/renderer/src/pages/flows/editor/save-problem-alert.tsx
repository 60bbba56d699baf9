import { Alert, Button, Group, Text } from '@mantine/core'
import { useT } from '../../../i18n/use-t'
import type { FlowSaveProblem } from './flow-save-error'

/** The core's refusal of a save, in the UI language, with a way to the node it names. Stays until closed or the next save. */
export function SaveProblemAlert({ problem, onShowNode, onClose }: { problem: FlowSaveProblem; onShowNode(key: string): void; onClose(): void }) {
  const t = useT()
  const { nodeKey } = problem
  return (
    <Alert
      color="red"
      title={t('flowEditor.saveFailed')}
      withCloseButton
      closeButtonLabel={t('common.close')}
      onClose={onClose}
      p="xs"
      data-testid="flow-editor-error"
    >
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">{problem.message}</Text>
        {nodeKey && (
          <Button size="compact-xs" variant="light" color="red" onClick={() => onShowNode(nodeKey)} data-testid="flow-editor-error-node">
            {t('flowEditor.showNode', { key: nodeKey })}
          </Button>
        )}
      </Group>
    </Alert>
  )
}
