import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core'
import { useEffect, useMemo, useState, type FormEvent } from 'react'
import { useDiscardGuard } from '../../components/discard-guard'
import type { RunTriggerOutcome } from '../../../../shared/api'
import type { JobInfo } from '../../../../shared/model'
import { useErrorText, useT } from '../../i18n/use-t'
import { useJobDesk } from '../../store'
import { AddressPicker } from './address-picker'
import { RoutePreview } from './route-preview'
import { pendingOutcomes } from '../../lib/runs/trigger-outcome'
import { TriggerOutcomes } from './trigger-outcome'
import { overrideAddresses } from '../../lib/jobs/override-addresses'

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
  const triggerJob = useJobDesk((s) => s.triggerJob)
  const [picked, setPicked] = useState<string[]>([])
  const [typed, setTyped] = useState<string[]>([])
  // Text typed and not yet confirmed with Enter: the preview and Run both count it (see overrideAddresses).
  const [pending, setPending] = useState('')
  // One list per distinct content: the field turning its text into a tag on blur does not ask the preview again.
  const addressKey = overrideAddresses(picked, typed, pending).join('\n')
  const addresses = useMemo(() => (addressKey === '' ? [] : addressKey.split('\n')), [addressKey])
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
      const result = await triggerJob({ jobId: job.id, executorParam: param, ...(addresses.length > 0 ? { addressList: addresses } : {}) })
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
        <AddressPicker
          group={group}
          picked={picked}
          onPick={setPicked}
          typed={typed}
          onType={setTyped}
          pending={pending}
          onPending={setPending}
          disabled={logIds !== null}
        />
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
