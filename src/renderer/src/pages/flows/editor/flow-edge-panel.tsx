import { Button, Card, CloseButton, Group, Stack, Text, Title } from '@mantine/core'
import type { Dispatch } from 'react'
import type { FlowDraft } from '../../../lib/flows/flow-draft'
import { useT } from '../../../i18n/use-t'
import type { FlowEditorAction } from './flow-editor-state'

/** Beside the canvas: the selected link, what it means for its child, and its deletion. */
export function FlowEdgePanel({ draft, from, to, dispatch }: { draft: FlowDraft; from: string; to: string; dispatch: Dispatch<FlowEditorAction> }) {
  const t = useT()
  const rule = draft.nodes.find((node) => node.key === to)?.triggerRule ?? 'all_success'
  return (
    <Card withBorder className="jd-flow-panel" data-testid="flow-edge-panel" data-from={from} data-to={to}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Title order={3} size="h5">
          {t('flowEditor.link')}
        </Title>
        <CloseButton onClick={() => dispatch({ type: 'select', selection: null })} aria-label={t('common.close')} />
      </Group>
      <Stack gap="sm" mt="xs">
        <Text size="sm" ff="monospace">
          {t('flowEditor.linkPair', { from, to })}
        </Text>
        <Text size="xs" c="dimmed">
          {t('flowEditor.linkHint', { from, to, rule: t(`flowEditor.rule.${rule}.hint`) })}
        </Text>
        <Group>
          <Button size="xs" color="red" variant="light" onClick={() => dispatch({ type: 'unlink', from, to })} data-testid="flow-edge-delete">
            {t('flowEditor.deleteLink')}
          </Button>
        </Group>
      </Stack>
    </Card>
  )
}
