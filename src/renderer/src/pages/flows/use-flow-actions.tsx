import { Text } from '@mantine/core'
import { useMemo, useState, type ReactNode } from 'react'
import type { Flow } from '../../../../shared/flow-types'
import { notifySuccess } from '../../kit/notify'
import { flowEditRoute, flowRunsRoute } from '../../kit/route'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { useT } from '../../i18n/use-t'
import { useJobDesk } from '../../store'
import { TriggerFlowDialog } from './trigger-flow-dialog'
import { BackfillDialog, type BackfillSubject } from '../backfill/backfill-dialog'

export interface FlowActions {
  run(flow: Flow): void
  /** Opens the Backfill dialog: its backfills, and a new one over a past range. */
  backfill(flow: Flow): void
  /** Pauses an active schedule, resumes a paused one. */
  toggleActive(flow: Flow): void
  edit(flow: Flow): void
  showRuns(flow: Flow): void
  remove(flow: Flow): void
}

/**
 * What a flow's buttons do (the list's rows, a flow's runs view), with the dialogs they open: the
 * run dialog and the delete confirmation. `onRemoved` follows a delete (the runs view leaves).
 */
export function useFlowActions(onRemoved?: (flow: Flow) => void): { actions: FlowActions; dialogs: ReactNode } {
  const t = useT()
  const navigate = useJobDesk((s) => s.navigate)
  const setFlowActive = useJobDesk((s) => s.setFlowActive)
  const removeFlow = useJobDesk((s) => s.removeFlow)
  const language = useJobDesk((s) => s.preferences.language)
  const [running, setRunning] = useState<Flow | null>(null)
  const [deleting, setDeleting] = useState<Flow | null>(null)
  const [backfilling, setBackfilling] = useState<BackfillSubject | null>(null)

  const actions = useMemo<FlowActions>(
    () => ({
      run: setRunning,
      // Only operators see the button: the rule of startBackfill is triggerFlow's.
      backfill: (flow) => setBackfilling({ flowId: flow.id, name: flow.name, operates: true }),
      toggleActive: (flow) => {
        const active = flow.triggerStatus !== 1
        void setFlowActive(flow.id, active).then(
          (done) => done && notifySuccess(language, active ? 'flows.resumedDone' : 'flows.pausedDone', { name: flow.name }),
        )
      },
      edit: (flow) => navigate(flowEditRoute(flow.id)),
      showRuns: (flow) => navigate(flowRunsRoute(flow.id)),
      remove: setDeleting,
    }),
    [navigate, setFlowActive, language],
  )

  const dialogs = (
    <>
      <TriggerFlowDialog flow={running} onClose={() => setRunning(null)} />
      <BackfillDialog subject={backfilling} onClose={() => setBackfilling(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title={deleting ? t('flows.deleteTitle', { name: deleting.name }) : ''}
        confirmLabel={t('common.delete')}
        confirmTestId="flow-delete-confirm"
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const flow = deleting
          setDeleting(null)
          if (!flow) return
          void removeFlow(flow.id).then((done) => {
            if (!done) return
            notifySuccess(language, 'flows.deleted', { name: flow.name })
            onRemoved?.(flow)
          })
        }}
      >
        <Text size="sm">{t('flows.deleteBody')}</Text>
      </ConfirmDialog>
    </>
  )
  return { actions, dialogs }
}
