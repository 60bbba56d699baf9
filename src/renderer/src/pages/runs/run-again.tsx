import { Alert, Button, Group, Menu, Modal, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import type { RunTriggerOutcome } from '../../../../shared/api'
import { runStatus, type JobRun } from '../../../../shared/model'
import { ChevronDownIcon } from '../../kit/icons'
import { useErrorText, useT } from '../../i18n/use-t'
import { pendingOutcomes } from '../../lib/runs/trigger-outcome'
import { useJobDesk } from '../../store'
import { operatesGroup } from '../../store/session/selectors'
import { TriggerOutcomes } from '../jobs/trigger-outcome'

/** Re-run: the same job and parameter alone (rerunRun). Chain: the job with this parameter, its child jobs following (triggerJob). */
type RunAgainMode = 'rerun' | 'chain'

const finished = (run: JobRun) => runStatus(run) === 'success' || runStatus(run) === 'failed'

/** Sends the chosen run-again call and shows the runs it made, as the trigger dialog does. */
function RunAgainDialog({ run, mode, onClose }: { run: JobRun; mode: RunAgainMode | null; onClose(): void }) {
  const t = useT()
  const errorText = useErrorText()
  const triggerJob = useJobDesk((s) => s.triggerJob)
  const rerunRun = useJobDesk((s) => s.rerunRun)
  const [busy, setBusy] = useState(false)
  const [outcomes, setOutcomes] = useState<RunTriggerOutcome[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const close = () => {
    setOutcomes(null)
    setError(null)
    onClose()
  }
  const send = async (chosen: RunAgainMode) => {
    setBusy(true)
    setError(null)
    try {
      // The store keeps no answer: it is this dialog's, and the new runs' rows come as pushed changes.
      const result = chosen === 'rerun' ? await rerunRun(run.id) : await triggerJob({ jobId: run.jobId, executorParam: run.executorParam })
      setOutcomes(result.outcomes ?? pendingOutcomes(result.logIds))
    } catch (caught) {
      setError(errorText(caught))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Modal
      opened={mode !== null}
      onClose={close}
      title={mode === 'chain' ? t('rerun.chainTitle', { id: run.id }) : t('rerun.rerunTitle', { id: run.id })}
      size="lg"
      data-testid="run-again-dialog"
    >
      {mode && (
        <Stack>
          <Text size="sm">{t(mode === 'chain' ? 'rerun.chainHint' : 'rerun.rerunHint')}</Text>
          <div>
            <Text size="xs" c="dimmed">
              {t('rerun.param', { id: run.id })}
            </Text>
            <pre className="jd-pre" data-testid="run-again-param">
              {run.executorParam || t('common.none')}
            </pre>
          </div>
          {error && (
            <Alert color="red" title={t('rerun.failed')} data-testid="run-again-error">
              {error}
            </Alert>
          )}
          {outcomes && <TriggerOutcomes outcomes={outcomes} onOpen={close} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.close')}
            </Button>
            {outcomes === null && (
              <Button loading={busy} onClick={() => void send(mode)} data-testid="run-again-submit">
                {t('rerun.submit')}
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  )
}

/** "Run again" on a run: re-run it alone, or run the chain from it (operators of its group). */
export function RunAgainMenu({ run }: { run: JobRun }) {
  const t = useT()
  const operates = useJobDesk((s) => operatesGroup(s.session, run.jobGroup))
  const [mode, setMode] = useState<RunAgainMode | null>(null)
  if (!operates) return null
  return (
    <>
      <Menu position="bottom-end" width={300}>
        <Menu.Target>
          <Button size="xs" variant="default" rightSection={<ChevronDownIcon size={14} />} data-testid="run-again">
            {t('rerun.menu')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {/* The core re-runs finished runs only. */}
          <Menu.Item onClick={() => setMode('rerun')} disabled={!finished(run)} data-testid="run-rerun">
            <Text size="sm">{t('rerun.rerun')}</Text>
            <Text size="xs" c="dimmed">
              {t('rerun.rerunHint')}
            </Text>
          </Menu.Item>
          <Menu.Item onClick={() => setMode('chain')} data-testid="run-chain-from-here">
            <Text size="sm">{t('rerun.chain')}</Text>
            <Text size="xs" c="dimmed">
              {t('rerun.chainHint')}
            </Text>
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <RunAgainDialog run={run} mode={mode} onClose={() => setMode(null)} />
    </>
  )
}
