import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core'
import { useEffect, useMemo, useState, type FormEvent } from 'react'
import { useDiscardGuard } from '../../components/discard-guard'
import type { RunTriggerOutcome } from '../../../../shared/api'
import type { JobInfo } from '../../../../shared/model'
import { useErrorText, useLanguage, useT } from '../../i18n/use-t'
import { useJobDesk } from '../../store'
import { AddressPicker } from './address-picker'
import { RoutePreview } from './route-preview'
import { pendingOutcomes } from '../../lib/runs/trigger-outcome'
import { TriggerOutcomes } from './trigger-outcome'
import { overrideAddresses } from '../../lib/jobs/override-addresses'
import { ValidationError } from '../../../../shared/errors'
import { declaresParams } from '../../../../shared/job-params'
import { errorRule } from '../../i18n/server-text'
import { entriesToValues, initialEntries, ParamsForm, useEntryProblems, type ParamEntries } from '../../components/params/params-form'

/** Runs a job once now, optionally with another parameter (a form of its declared parameters, when it has them), and links to the new run(s). */
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
  const language = useLanguage()
  const typed = declaresParams(job) ? job.params : null
  const [entries, setEntries] = useState<ParamEntries>(() => initialEntries(typed ?? []))
  const [paramErrors, setParamErrors] = useState<Record<string, string>>({})
  const entryProblems = useEntryProblems()
  const group = useJobDesk((s) => s.groups.find((g) => g.id === job.jobGroup))
  const triggerJob = useJobDesk((s) => s.triggerJob)
  const [picked, setPicked] = useState<string[]>([])
  const [typedAddresses, setTypedAddresses] = useState<string[]>([])
  // Text typed and not yet confirmed with Enter: the preview and Run both count it (see overrideAddresses).
  const [pending, setPending] = useState('')
  // One list per distinct content: the field turning its text into a tag on blur does not ask the preview again.
  const addressKey = overrideAddresses(picked, typedAddresses, pending).join('\n')
  const addresses = useMemo(() => (addressKey === '' ? [] : addressKey.split('\n')), [addressKey])
  const [param, setParam] = useState(job.executorParam)
  const [busy, setBusy] = useState(false)
  const [outcomes, setOutcomes] = useState<RunTriggerOutcome[] | null>(null)
  const logIds = outcomes?.map((outcome) => outcome.logId) ?? null
  const [error, setError] = useState<string | null>(null)
  const entriesChanged = typed !== null && JSON.stringify(entries) !== JSON.stringify(initialEntries(typed))
  const dirty = outcomes === null && (param !== job.executorParam || entriesChanged || addresses.length > 0)
  useEffect(() => setDirty(dirty), [dirty, setDirty])
  useEffect(() => () => setDirty(false), [setDirty])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setError(null)
    if (typed) {
      // The core's own rule, beside each field: nothing is sent while one is wrong.
      const problems = entryProblems(typed, entries)
      setParamErrors(problems)
      if (Object.keys(problems).length > 0) return
    }
    setBusy(true)
    try {
      const values = typed ? { params: entriesToValues(entries) } : { executorParam: param }
      // No slice keeps the answer: the outcomes are this dialog's, and the new runs' rows come as pushed changes.
      const result = await triggerJob({ jobId: job.id, ...values, ...(addresses.length > 0 ? { addressList: addresses } : {}) })
      setOutcomes(result.outcomes ?? pendingOutcomes(result.logIds))
    } catch (caught) {
      // A value the core refused is shown beside its field; any other error above the buttons.
      const field = caught instanceof ValidationError && caught.field.startsWith('params.') ? caught.field.slice('params.'.length) : null
      if (field !== null && typed?.some((decl) => decl.name === field)) setParamErrors({ [field]: errorRule(language, caught) })
      else setError(errorText(caught))
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
        {typed && (
          <ParamsForm decls={typed} entries={entries} onChange={setEntries} errors={paramErrors} disabled={logIds !== null} secretsOfGroup={job.jobGroup} />
        )}
        {typed === null && (
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
        )}
        <AddressPicker
          group={group}
          picked={picked}
          onPick={setPicked}
          typed={typedAddresses}
          onType={setTypedAddresses}
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
