import { ActionIcon, Alert, Button, Code, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core'
import { useCallback, useEffect, useState } from 'react'
import type { CreatedHook, HookTargetRequest, HookView } from '../../../../shared/hook-types'
import { createHook, listHooks, removeHook } from '../../services/hooks'
import { CopyIcon, TrashIcon } from '../../kit/icons'
import { notifySuccess } from '../../kit/notify'
import { useErrorText, useLanguage, useT } from '../../i18n/use-t'
import { formatDateTime } from '../../lib/format/format-time'
import { curlExample, hookUrl } from '../../lib/jobs/hook-example'
import { ConfirmDialog } from '../confirm-dialog'

/**
 * The editors' "Trigger URL" section: a job's or a flow's hooks with when they were made and last
 * used, a button that makes one (its secret shown here once, with a signed curl example), and a
 * remove with a confirmation. Nothing here until the job or flow is saved.
 */
export function TriggerUrlSection({ target }: { target: HookTargetRequest | undefined }) {
  const t = useT()
  const errorText = useErrorText()
  const language = useLanguage()
  const [hooks, setHooks] = useState<HookView[]>([])
  const [created, setCreated] = useState<CreatedHook | null>(null)
  const [removing, setRemoving] = useState<HookView | null>(null)
  const [error, setError] = useState<string | null>(null)
  const key = target ? JSON.stringify(target) : ''

  const reload = useCallback(async () => {
    if (!key) return
    try {
      setHooks(await listHooks(JSON.parse(key) as HookTargetRequest))
    } catch (caught) {
      setError(errorText(caught))
    }
  }, [key, errorText])
  useEffect(() => {
    setCreated(null)
    void reload()
  }, [reload])

  if (!target)
    return (
      <Text size="sm" c="dimmed">
        {t('hooks.saveFirst')}
      </Text>
    )

  const create = async () => {
    setError(null)
    try {
      setCreated(await createHook(target))
      await reload()
    } catch (caught) {
      setError(errorText(caught))
    }
  }
  const remove = async (hook: HookView) => {
    setRemoving(null)
    try {
      await removeHook({ id: hook.id })
      if (created?.hook.id === hook.id) setCreated(null)
      notifySuccess(language, 'hooks.removed')
      await reload()
    } catch (caught) {
      setError(errorText(caught))
    }
  }
  const url = created && hookUrl(created, typeof window === 'undefined' ? undefined : window.location)

  return (
    <Stack gap="xs" data-testid="trigger-urls">
      <Text size="xs" c="dimmed">
        {t('hooks.hint')}
      </Text>
      {error && (
        <Alert color="red" withCloseButton onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      {created && url && (
        <Alert color="green" title={t('hooks.created')} data-testid="trigger-url-created">
          <Stack gap={6}>
            <Copyable label={t('hooks.url')} value={url} testId="trigger-url-value" />
            <Copyable label={t('hooks.secret')} value={created.secret} testId="trigger-url-secret" />
            <Text size="xs">{t('hooks.example')}</Text>
            <Group gap={4} align="flex-start" wrap="nowrap">
              <Code block flex={1} data-testid="trigger-url-example">
                {curlExample(url, created.secret)}
              </Code>
              <CopyAction value={curlExample(url, created.secret)} />
            </Group>
          </Stack>
        </Alert>
      )}
      {hooks.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('hooks.none')}
        </Text>
      )}
      {hooks.map((hook) => (
        <Group key={hook.id} gap="xs" wrap="nowrap" data-testid="trigger-url-row">
          <Text size="sm" ff="monospace">
            …/hooks/{hook.id.slice(0, 6)}…
          </Text>
          <Text size="xs" c="dimmed" flex={1}>
            {t('hooks.createdAt', { time: formatDateTime(hook.createdAtMs), who: hook.createdBy })} ·{' '}
            {hook.lastUsedAtMs > 0 ? t('hooks.lastUsed', { time: formatDateTime(hook.lastUsedAtMs) }) : t('hooks.neverUsed')}
          </Text>
          <ActionIcon variant="subtle" color="red" aria-label={t('hooks.remove')} onClick={() => setRemoving(hook)} data-testid="trigger-url-remove">
            <TrashIcon size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Button variant="light" size="xs" w="fit-content" onClick={() => void create()} data-testid="trigger-url-create">
        {t('hooks.create')}
      </Button>
      <ConfirmDialog
        opened={removing !== null}
        title={removing ? t('hooks.removeTitle', { id: `${removing.id.slice(0, 6)}…` }) : ''}
        confirmLabel={t('common.delete')}
        confirmTestId="trigger-url-remove-confirm"
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && void remove(removing)}
      >
        <Text size="sm">{t('hooks.removeBody')}</Text>
      </ConfirmDialog>
    </Stack>
  )
}

function Copyable({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="xs" w={50}>
        {label}
      </Text>
      <Code flex={1} style={{ wordBreak: 'break-all' }} data-testid={testId}>
        {value}
      </Code>
      <CopyAction value={value} />
    </Group>
  )
}

function CopyAction({ value }: { value: string }) {
  const t = useT()
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? t('settings.copied') : t('settings.copy')}>
          <ActionIcon size="sm" variant="subtle" onClick={copy} aria-label={t('settings.copy')}>
            <CopyIcon size={14} />
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  )
}
