import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core'
import { useState } from 'react'
import type { FlowNodeDef, FlowNodeRun, FlowRun } from '../../../../../shared/flow-types'
import { notifySuccess } from '../../../kit/notify'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { useT } from '../../../i18n/use-t'
import { canDecide, marksFor } from '../../../lib/flows/flow-run-actions'
import { useJobDesk } from '../../../store'

/** Approve or reject a waiting approval, with a comment the audit trail keeps. */
function DecideDialog({ run, nodeKey, approve, onClose }: { run: FlowRun; nodeKey: string; approve: boolean | null; onClose(): void }) {
  const t = useT()
  const decideApproval = useJobDesk((s) => s.decideApproval)
  const language = useJobDesk((s) => s.preferences.language)
  const [comment, setComment] = useState('')
  const [busy, setBusy] = useState(false)
  const decide = async (yes: boolean) => {
    setBusy(true)
    const done = await decideApproval({ flowRunId: run.id, key: nodeKey, approve: yes, comment: comment.trim() })
    setBusy(false)
    if (!done) return
    notifySuccess(language, yes ? 'flowNode.approved' : 'flowNode.rejected', { key: nodeKey })
    setComment('')
    onClose()
  }
  return (
    <Modal opened={approve !== null} onClose={onClose} title={t(approve ? 'flowNode.approveTitle' : 'flowNode.rejectTitle', { key: nodeKey })}>
      <Stack>
        <Textarea
          label={t('flowNode.comment')}
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
          autosize
          minRows={2}
          maxRows={6}
          data-autofocus
          data-testid="flow-decide-comment"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button color={approve ? 'teal' : 'red'} loading={busy} onClick={() => void decide(approve === true)} data-testid="flow-decide-confirm">
            {t(approve ? 'flowNode.approve' : 'flowNode.reject')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}

/** A node's buttons: mark success or skipped (a node not running), approve or reject (a waiting approval). */
export function NodeActions({ run, def, node }: { run: FlowRun; def: FlowNodeDef | undefined; node: FlowNodeRun }) {
  const t = useT()
  const markFlowNode = useJobDesk((s) => s.markFlowNode)
  const language = useJobDesk((s) => s.preferences.language)
  const [marking, setMarking] = useState<'success' | 'skipped' | null>(null)
  const [deciding, setDeciding] = useState<boolean | null>(null)
  const marks = marksFor(node)
  const decidable = canDecide(def, node)
  if (marks.length === 0 && !decidable) return null
  const stateName = (state: 'success' | 'skipped') => t(`flowNodeState.${state}`)

  return (
    <>
      <Group gap="xs" data-testid="flow-node-actions">
        {decidable && (
          <>
            <Button size="xs" color="teal" onClick={() => setDeciding(true)} data-testid="flow-node-approve">
              {t('flowNode.approve')}
            </Button>
            <Button size="xs" color="red" variant="light" onClick={() => setDeciding(false)} data-testid="flow-node-reject">
              {t('flowNode.reject')}
            </Button>
          </>
        )}
        {marks.map((state) => (
          <Button key={state} size="xs" variant="default" onClick={() => setMarking(state)} data-testid={`flow-node-mark-${state}`}>
            {t(state === 'success' ? 'flowNode.markSuccess' : 'flowNode.markSkipped')}
          </Button>
        ))}
      </Group>
      <ConfirmDialog
        opened={marking !== null}
        title={marking ? t('flowNode.markTitle', { key: node.key, state: stateName(marking) }) : ''}
        confirmLabel={marking ? t(marking === 'success' ? 'flowNode.markSuccess' : 'flowNode.markSkipped') : ''}
        confirmColor="blue"
        confirmTestId="flow-node-mark-confirm"
        onCancel={() => setMarking(null)}
        onConfirm={() => {
          const state = marking
          setMarking(null)
          if (!state) return
          void markFlowNode({ flowRunId: run.id, key: node.key, state }).then(
            (done) => done && notifySuccess(language, 'flowNode.marked', { key: node.key, state: stateName(state) }),
          )
        }}
      >
        <Text size="sm">{marking && t('flowNode.markBody', { state: stateName(marking) })}</Text>
      </ConfirmDialog>
      <DecideDialog run={run} nodeKey={node.key} approve={deciding} onClose={() => setDeciding(null)} />
    </>
  )
}
