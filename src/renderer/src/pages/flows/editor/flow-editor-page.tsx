import { Alert, Button, Group, Loader } from '@mantine/core'
import { useEffect, useMemo, useState } from 'react'
import { getFlow } from '../../../services/flows'
import { useErrorText, useT } from '../../../i18n/use-t'
import { localTimeZone } from '../../../lib/format/format-time'
import { draftOfFlow, newFlowDraft, type FlowDraft } from '../../../lib/flows/flow-draft'
import { FlowEditor } from './flow-editor'

interface FlowEditorPageProps {
  /** The flow to edit; null for a new one. */
  flowId: number | null
  /** Back to the flows: after a save, or when the operator leaves (asked first with unsaved edits). */
  onClose(): void
}

type Loading = { flowId: number; draft: FlowDraft } | { flowId: number; error: unknown } | null

/**
 * The flow editor as a page: reads the flow (a new one starts empty, in the local time zone) and
 * the jobs its nodes run, then edits it. Rendered by the Flows page in place of its list.
 */
export function FlowEditorPage({ flowId, onClose }: FlowEditorPageProps) {
  const t = useT()
  const errorText = useErrorText()
  const [loaded, setLoaded] = useState<Loading>(null)
  const [attempt, setAttempt] = useState(0)
  const fresh = useMemo(() => newFlowDraft(localTimeZone()), [])

  useEffect(() => {
    if (flowId === null) return
    let current = true
    getFlow(flowId).then(
      (flow) => current && setLoaded({ flowId, draft: draftOfFlow(flow) }),
      (error: unknown) => current && setLoaded({ flowId, error }),
    )
    return () => {
      current = false
    }
  }, [flowId, attempt])

  if (flowId === null) return <FlowEditor key="new" initial={fresh} onClose={onClose} />
  if (!loaded || loaded.flowId !== flowId) return <Loader m="lg" data-testid="flow-editor-loading" />
  if ('error' in loaded) {
    return (
      <Alert color="red" title={t('flowEditor.loadFailed', { id: flowId })} data-testid="flow-editor-load-error">
        {errorText(loaded.error)}
        <Group mt="sm" gap="xs">
          <Button size="xs" variant="light" onClick={() => setAttempt((n) => n + 1)}>
            {t('common.retry')}
          </Button>
          <Button size="xs" variant="default" onClick={onClose}>
            {t('flowEditor.back')}
          </Button>
        </Group>
      </Alert>
    )
  }
  return <FlowEditor key={flowId} initial={loaded.draft} onClose={onClose} />
}
