import { Alert, Divider, Group, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core'
import { useEffect, useState } from 'react'
import { LLM_MAX_MAX_TOKENS, LLM_MAX_TIMEOUT_SEC } from '../../../../shared/llm-provider'
import { useT } from '../../i18n/use-t'
import { EMPTY_LLM_PROVIDER, llmProviderDraftOf, type LlmProviderDraft } from '../../lib/executors/llm-provider-draft'
import { getLlmProvider } from '../../services/llm-providers'
import { listSecrets } from '../../services/secrets'

/**
 * A group's provider as loaded (a new group has none), null while it is read; `failed` when it
 * could not be read (the section then says so, and the editor leaves the provider alone).
 */
export function useLlmProvider(groupId: number | undefined): { loaded: LlmProviderDraft | null; failed: boolean } {
  const [state, setState] = useState<{ loaded: LlmProviderDraft | null; failed: boolean }>({
    loaded: groupId === undefined ? EMPTY_LLM_PROVIDER : null,
    failed: false,
  })
  useEffect(() => {
    if (groupId === undefined) return
    let current = true
    getLlmProvider({ groupId }).then(
      (provider) => current && setState({ loaded: llmProviderDraftOf(provider), failed: false }),
      () => current && setState({ loaded: null, failed: true }),
    )
    return () => {
      current = false
    }
  }, [groupId])
  return state
}

/** The secrets the provider's key may come from: the group's own and the global ones (a new group: the global ones), by name. */
function useKeySecretNames(groupId: number | undefined): string[] {
  const [names, setNames] = useState<string[]>([])
  useEffect(() => {
    let current = true
    listSecrets({ groupId: groupId ?? null }).then(
      (secrets) => current && setNames([...new Set(secrets.map((secret) => secret.name))].sort()),
      () => current && setNames([]),
    )
    return () => {
      current = false
    }
  }, [groupId])
  return names
}

interface LlmProviderSectionProps {
  groupId: number | undefined
  draft: LlmProviderDraft | null
  failed: boolean
  errors: Record<string, string>
  onChange<K extends keyof LlmProviderDraft>(key: K, value: LlmProviderDraft[K]): void
}

/** The group editor's "LLM provider" section (docs/llm-steps.md): where the group's LLM steps send their prompts. */
export function LlmProviderSection({ groupId, draft, failed, errors, onChange }: LlmProviderSectionProps) {
  const t = useT()
  const secretNames = useKeySecretNames(groupId)
  return (
    <Stack gap="xs" data-testid="group-llm">
      <Divider label={t('llm.section')} labelPosition="left" />
      <Text size="xs" c="dimmed">
        {t('llm.sectionHint')}
      </Text>
      {failed && <Alert color="yellow">{t('llm.readFailed')}</Alert>}
      {draft && (
        <>
          <Group grow align="flex-start">
            <TextInput
              label={t('llm.baseUrl')}
              description={t('llm.baseUrlHint')}
              placeholder="http://127.0.0.1:11434/v1"
              value={draft.baseUrl}
              onChange={(event) => onChange('baseUrl', event.currentTarget.value)}
              error={errors.baseUrl}
              classNames={{ input: 'jd-mono' }}
              data-testid="llm-baseUrl"
            />
            <TextInput
              label={t('llm.model')}
              placeholder="qwen2.5:0.5b"
              value={draft.model}
              onChange={(event) => onChange('model', event.currentTarget.value)}
              error={errors.model}
              classNames={{ input: 'jd-mono' }}
              data-testid="llm-model"
            />
          </Group>
          <Select
            label={t('llm.apiKeySecret')}
            description={t('llm.apiKeySecretHint')}
            data={draft.apiKeySecret !== '' && !secretNames.includes(draft.apiKeySecret) ? [draft.apiKeySecret, ...secretNames] : secretNames}
            value={draft.apiKeySecret || null}
            onChange={(picked) => onChange('apiKeySecret', picked ?? '')}
            searchable
            clearable
            placeholder={t('llm.noKey')}
            nothingFoundMessage={t('params.noSecrets')}
            error={errors.apiKeySecret}
            data-testid="llm-apiKeySecret"
          />
          <Group grow align="flex-start">
            <NumberInput
              label={t('llm.timeoutSec')}
              min={1}
              max={LLM_MAX_TIMEOUT_SEC}
              allowDecimal={false}
              value={draft.timeoutSec}
              onChange={(value) => onChange('timeoutSec', typeof value === 'number' ? Math.trunc(value) : 0)}
              error={errors.timeoutSec}
              data-testid="llm-timeoutSec"
            />
            <NumberInput
              label={t('llm.maxTokens')}
              min={1}
              max={LLM_MAX_MAX_TOKENS}
              allowDecimal={false}
              value={draft.maxTokens}
              onChange={(value) => onChange('maxTokens', typeof value === 'number' ? Math.trunc(value) : 0)}
              error={errors.maxTokens}
              data-testid="llm-maxTokens"
            />
          </Group>
        </>
      )}
    </Stack>
  )
}
