import { Alert, Anchor, Button, Group, Modal, Stack, Textarea } from '@mantine/core'
import { useState, type FormEvent } from 'react'
import type { Flow, FlowTriggerResult } from '../../../../shared/flow-types'
import { flowRunRoute, formatRoute } from '../../kit/route'
import { useErrorText, useT, type Translate } from '../../i18n/use-t'
import { useJobDesk } from '../../store'
import { ValidationError } from '../../../../shared/errors'
import { declaresParams } from '../../../../shared/job-params'
import { errorRule } from '../../i18n/server-text'
import { useLanguage } from '../../i18n/use-t'
import { entriesToValues, initialEntries, ParamsForm, useEntryProblems, type ParamEntries } from '../../components/params/params-form'

/** Starts a flow run now, with the flow's parameter or another, and says how the core took it. */
export function TriggerFlowDialog({ flow, onClose }: { flow: Flow | null; onClose(): void }) {
  const t = useT()
  return (
    <Modal opened={flow !== null} onClose={onClose} title={flow ? t('flowTrigger.title', { name: flow.name }) : ''} size="lg">
      {flow && <TriggerFlowForm key={flow.id} flow={flow} onClose={onClose} />}
    </Modal>
  )
}

function resultText(t: Translate, flow: Flow, result: FlowTriggerResult): string {
  if (result.state === 'skipped' || result.flowRunId === null) return t('flowTrigger.skipped')
  if (result.state === 'running') return t('flowTrigger.started', { id: result.flowRunId })
  if (result.state === 'queued') return t('flowTrigger.queued', { id: result.flowRunId, n: flow.maxActiveRuns })
  return t('flowTrigger.other', { id: result.flowRunId, state: t(`flowRunState.${result.state}`) })
}

function TriggerFlowForm({ flow, onClose }: { flow: Flow; onClose(): void }) {
  const t = useT()
  const errorText = useErrorText()
  const triggerFlow = useJobDesk((s) => s.triggerFlow)
  const navigate = useJobDesk((s) => s.navigate)
  const [param, setParam] = useState(flow.param)
  const language = useLanguage()
  const typed = declaresParams(flow) ? flow.params : null
  const [entries, setEntries] = useState<ParamEntries>(() => initialEntries(typed ?? []))
  const [paramErrors, setParamErrors] = useState<Record<string, string>>({})
  const entryProblems = useEntryProblems()
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<FlowTriggerResult | null>(null)
  const [error, setError] = useState<string | null>(null)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setError(null)
    if (typed) {
      const problems = entryProblems(typed, entries)
      setParamErrors(problems)
      if (Object.keys(problems).length > 0) return
    }
    setBusy(true)
    try {
      setResult(await triggerFlow({ flowId: flow.id, ...(typed ? { params: entriesToValues(entries) } : { param }) }))
    } catch (caught) {
      // A value the core refused is shown beside its field, as in a job's trigger dialog.
      const field = caught instanceof ValidationError && caught.field.startsWith('params.') ? caught.field.slice('params.'.length) : null
      if (field !== null && typed?.some((decl) => decl.name === field)) setParamErrors({ [field]: errorRule(language, caught) })
      else setError(errorText(caught))
    } finally {
      setBusy(false)
    }
  }

  const runId = result?.flowRunId ?? null
  return (
    <form onSubmit={submit} data-testid="flow-trigger-form">
      <Stack>
        {typed && <ParamsForm decls={typed} entries={entries} onChange={setEntries} errors={paramErrors} disabled={result !== null} />}
        {typed === null && (
          <Textarea
            label={t('flowTrigger.param')}
            description={t('flowTrigger.paramHint')}
            value={param}
            onChange={(event) => setParam(event.currentTarget.value)}
            autosize
            minRows={2}
            maxRows={8}
            classNames={{ input: 'jd-mono' }}
            disabled={result !== null}
            data-testid="flow-trigger-param"
            data-autofocus
          />
        )}
        {error && (
          <Alert color="red" title={t('flowTrigger.failed')} data-testid="flow-trigger-error">
            {error}
          </Alert>
        )}
        {result && (
          <Alert
            color={result.state === 'skipped' ? 'orange' : 'teal'}
            data-testid="flow-trigger-result"
            data-state={result.state}
            data-flow-run-id={runId ?? ''}
          >
            {resultText(t, flow, result)}
            {runId !== null && (
              <>
                {' '}
                <Anchor
                  href={formatRoute(flowRunRoute(runId))}
                  onClick={(event) => {
                    event.preventDefault()
                    onClose()
                    navigate(flowRunRoute(runId))
                  }}
                  data-testid="flow-trigger-open"
                >
                  {t('flowTrigger.open', { id: runId })}
                </Anchor>
              </>
            )}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.close')}
          </Button>
          {result === null && (
            <Button type="submit" loading={busy} data-testid="flow-trigger-submit">
              {t('flowTrigger.submit')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  )
}
