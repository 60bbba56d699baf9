import { Alert, Anchor, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core'
import { useState, type FormEvent } from 'react'
import type { JobInfo } from '../../../../shared/model'
import { runsRoute } from '../../app/route'
import { errorMessage } from '../../app/notify'
import { useT } from '../../i18n/use-t'
import { useJobDesk } from '../../store'

/** Runs a job once now, optionally with another parameter, and links to the new run(s). */
export function TriggerDialog({ job, onClose }: { job: JobInfo | null; onClose: () => void }) {
  const t = useT()
  return (
    <Modal opened={job !== null} onClose={onClose} title={job ? t('trigger.title', { id: job.id }) : ''} size="lg" data-testid="trigger-dialog">
      {job && <TriggerForm key={job.id} job={job} onClose={onClose} />}
    </Modal>
  )
}

function TriggerForm({ job, onClose }: { job: JobInfo; onClose: () => void }) {
  const t = useT()
  const triggerJob = useJobDesk((s) => s.triggerJob)
  const navigate = useJobDesk((s) => s.navigate)
  const [param, setParam] = useState(job.executorParam)
  const [busy, setBusy] = useState(false)
  const [logIds, setLogIds] = useState<number[] | null>(null)
  const [error, setError] = useState<string | null>(null)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setError(null)
    try {
      const result = await triggerJob({ jobId: job.id, executorParam: param })
      setLogIds(result.logIds)
    } catch (caught) {
      setError(errorMessage(caught))
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
        {error && (
          <Alert color="red" title={t('trigger.failed')} data-testid="trigger-error">
            {error}
          </Alert>
        )}
        {logIds && (
          <Alert color="teal" data-testid="trigger-result">
            <Text size="sm">{t('trigger.done', { ids: logIds.map((id) => `#${id}`).join(', ') })}</Text>
            <Group gap="sm" mt={4}>
              {logIds.map((id) => (
                <Anchor
                  key={id}
                  href={`#/runs/${id}`}
                  data-testid="trigger-run-link"
                  onClick={(event) => {
                    event.preventDefault()
                    onClose()
                    navigate(runsRoute(id))
                  }}
                >
                  {t('trigger.openRun', { id })}
                </Anchor>
              ))}
            </Group>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
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
