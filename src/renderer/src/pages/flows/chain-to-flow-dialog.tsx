import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core'
import { useMemo, useState, type FormEvent } from 'react'
import { notifySuccess } from '../../kit/notify'
import { useErrorText, useLanguage, useT } from '../../i18n/use-t'
import { chainJobIds, chainRootIds } from '../../lib/dag/chain-jobs'
import { useJobDesk } from '../../store'
import { selectLinks } from '../../store/dag/selectors'
import { useJobsOf } from '../../components/use-jobs-of'

/** Makes a new, paused flow of a child-job chain: pick the chain's first job and name the flow. */
export function ChainToFlowDialog({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const t = useT()
  return (
    <Modal opened={opened} onClose={onClose} title={t('chainFlow.title')} size="lg">
      {opened && <ChainToFlowForm onClose={onClose} />}
    </Modal>
  )
}

function ChainToFlowForm({ onClose }: { onClose(): void }) {
  const t = useT()
  const language = useLanguage()
  const errorText = useErrorText()
  const links = useJobDesk(selectLinks)
  const rootIds = useMemo(() => [...chainRootIds(links)], [links])
  const { jobsById } = useJobsOf(rootIds)
  const chainToFlow = useJobDesk((s) => s.chainToFlow)
  const [rootId, setRootId] = useState<number | null>(null)
  // The name follows the picked job until the operator types one.
  const [typedName, setTypedName] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const roots = useMemo(
    () => rootIds.map((id) => jobsById.get(id)).flatMap((job) => (job ? [{ value: String(job.id), label: `#${job.id} ${job.name}` }] : [])),
    [rootIds, jobsById],
  )
  const root = rootId === null ? undefined : jobsById.get(rootId)
  const name = typedName ?? (root ? t('chainFlow.defaultName', { name: root.name }) : '')
  const reach = rootId === null ? 0 : chainJobIds(rootId, links).length

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (rootId === null) return
    setBusy(true)
    setError(null)
    try {
      const flow = await chainToFlow({ rootJobId: rootId, name: name.trim() })
      notifySuccess(language, 'chainFlow.created', { name: flow.name })
      onClose()
    } catch (caught) {
      setError(errorText(caught))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={submit} data-testid="chain-flow-form">
      <Stack>
        <Text size="sm">{t('chainFlow.body')}</Text>
        {roots.length === 0 ? (
          <Alert color="gray" data-testid="chain-flow-no-roots">
            {t('chainFlow.noRoots')}
          </Alert>
        ) : (
          <Select
            label={t('chainFlow.root')}
            description={t('chainFlow.rootHint')}
            data={roots}
            value={rootId === null ? null : String(rootId)}
            onChange={(value) => setRootId(value ? Number(value) : null)}
            searchable
            data-testid="chain-flow-root"
            data-autofocus
          />
        )}
        {rootId !== null && (
          <Text size="xs" c="dimmed" data-testid="chain-flow-reach" data-count={reach}>
            {t('chainFlow.reach', { n: reach })}
          </Text>
        )}
        <TextInput
          label={t('chainFlow.name')}
          value={name}
          onChange={(event) => setTypedName(event.currentTarget.value)}
          disabled={rootId === null}
          required
          data-testid="chain-flow-name"
        />
        {error && (
          <Alert color="red" title={t('chainFlow.failed')} data-testid="chain-flow-error">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={busy} disabled={rootId === null || name.trim() === ''} data-testid="chain-flow-submit">
            {t('chainFlow.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
