import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core'
import { useEffect, useMemo, useState, type FormEvent } from 'react'
import { useDiscardGuard } from '../../components/discard-guard'
import type { RunTriggerOutcome } from '../../../../shared/api'
import type { JobInfo } from '../../../../shared/model'
import { client } from '../../api/client'
import { useErrorText, useT } from '../../i18n/use-t'
import { useJobDesk } from '../../store'
import { AddressPicker } from './address-picker'
import { RoutePreview } from './route-preview'
import { pendingOutcomes } from '../../lib/trigger-outcome'
import { TriggerOutcomes } from './trigger-outcome'

/** Runs a job once now, optionally with another parameter, and links to the new run(s). */
export function TriggerDialog({ job, onClose }: { job: JobInfo | null; onClose: () => void }) {
  const t = useT()
  const guard = useDiscardGuard(onClose)
  return (
    <>
      <Modal opened={job !== null} onClose={guard.requestClose} title={job ? t('trigger.title', { id: job.id }) : ''} size="lg" data-testid="trigger-dialog">
        {job && <TriggerForm key={job.id} job={job} onClose={onClose} onCancel={guard.requestClose} setDirty={guard.setDirty} />}
      </Modal>
      {guard.prompt}
    </>
  )
}

interface TriggerFormProps {
  job: JobInfo
  /** Closes at once (after a trigger, or to follow a run link). */
  onClose(): void
  /** Closes, asking first when a parameter or address was typed and not sent. */
  onCancel(): void
  setDirty(dirty: boolean): void
}

function TriggerForm({ job, onClose, onCancel, setDirty }: TriggerFormProps) {
  const t = useT()
  const errorText = useErrorText()
  const group = useJobDesk((s) => s.groups.find((g) => g.id === job.jobGroup))
  const [picked, setPicked] = useState<string[]>([])
  const [typed, setTyped] = useState<string[]>([])
  const addresses = useMemo(() => [...new Set([...picked, ...typed])], [picked, typed])
  const [param, setParam] = useState(job.executorParam)
  const [busy, setBusy] = useState(false)
  const [outcomes, setOutcomes] = useState<RunTriggerOutcome[] | null>(null)
  const logIds = outcomes?.map((outcome) => outcome.logId) ?? null
  const [error, setError] = useState<string | null>(null)
  const dirty = outcomes === null && (param !== job.executorParam || addresses.length > 0)
  useEffect(() => setDirty(dirty), [dirty, setDirty])
  useEffect(() => () => setDirty(false), [setDirty])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setError(null)
    try {
      // No slice keeps the answer: the outcomes are this dialog's, and the new runs' rows come as pushed changes.
      const result = await client().triggerJob({ jobId: job.id, executorParam: param, ...(addresses.length > 0 ? { addressList: addresses } : {}) })
      setOutcomes(result.outcomes ?? pendingOutcomes(result.logIds))
    } catch (caught) {
      setError(errorText(caught))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={submit}>
      <Stack>
        <Text size="sm" fw={500}>
          {job.name}
        </Text>
        <Textarea
          label={t('trigger.param')}
          value={param}
          onChange={(event) => setParam(event.currentTarget.value)}
          autosize
          minRows={2}
          maxRows={8}
          classNames={{ input: 'jd-mono' }}
          data-testid="trigger-param"
          disabled={logIds !== null}
        />
        <AddressPicker group={group} picked={picked} onPick={setPicked} typed={typed} onType={setTyped} disabled={logIds !== null} />
        {logIds === null && <RoutePreview job={job} addressList={addresses} />}
        {error && (
          <Alert color="red" title={t('trigger.failed')} data-testid="trigger-error">
            {error}
          </Alert>
        )}
        {outcomes && <TriggerOutcomes outcomes={outcomes} onOpen={onClose} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common.close')}
          </Button>
          {logIds === null && (
            <Button type="submit" loading={busy} data-testid="trigger-submit">
              {t('trigger.submit')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  )
}
