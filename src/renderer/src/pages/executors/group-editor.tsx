import { Alert, Button, Checkbox, Group, Modal, NumberInput, PasswordInput, SegmentedControl, Stack, Text, TextInput, Textarea } from '@mantine/core'
import { useEffect, useState, type FormEvent } from 'react'
import { useDiscardGuard } from '../../components/discard-guard'
import { isChanged } from '../../lib/data/draft-changes'
import type { GroupInput } from '../../../../shared/api'
import { useT } from '../../i18n/use-t'
import { useJobDesk } from '../../store'
import { placeSaveError } from '../jobs/job-editor/job-draft'
import { LLM_PROVIDER_FIELDS, llmProviderChange, llmProviderField, type LlmProviderDraft } from '../../lib/executors/llm-provider-draft'
import { removeLlmProvider, setLlmProvider } from '../../services/llm-providers'
import { notifySuccess } from '../../kit/notify'
import { LlmProviderSection, useLlmProvider } from './llm-provider-section'

const GROUP_FIELDS: ReadonlySet<string> = new Set<keyof GroupInput>([
  'appName',
  'name',
  'addressType',
  'addressList',
  'accessToken',
  'scriptsAllowed',
  'maxConcurrent',
])

export const NEW_GROUP: GroupInput = { appName: '', name: '', addressType: 0, addressList: '', accessToken: '', scriptsAllowed: false }

/** Creates or edits an executor group; the core's validation message lands on the field it names. */
export function GroupEditor({ initial, onClose }: { initial: GroupInput | null; onClose: () => void }) {
  const t = useT()
  const guard = useDiscardGuard(onClose)
  return (
    <>
      <Modal
        opened={initial !== null}
        onClose={guard.requestClose}
        title={initial?.id ? t('executors.editTitle', { name: initial.name }) : t('executors.newTitle')}
        size="lg"
      >
        {initial && <GroupForm key={initial.id ?? 'new'} initial={initial} onDone={onClose} onCancel={guard.requestClose} setDirty={guard.setDirty} />}
      </Modal>
      {guard.prompt}
    </>
  )
}

function GroupForm({ initial, onDone, onCancel, setDirty }: { initial: GroupInput; onDone(): void; onCancel(): void; setDirty(dirty: boolean): void }) {
  const t = useT()
  const saveGroup = useJobDesk((s) => s.saveGroup)
  const [draft, setDraft] = useState<GroupInput>(initial)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  // The group's LLM provider is its own record (setLlmProvider): saved after the group, when changed.
  const provider = useLlmProvider(initial.id)
  const [llmDraft, setLlmDraft] = useState<LlmProviderDraft | null>(null)
  useEffect(() => setLlmDraft(provider.loaded), [provider.loaded])
  const llmDirty = provider.loaded !== null && llmDraft !== null && isChanged(provider.loaded, llmDraft)
  const dirty = isChanged(initial, draft) || llmDirty
  useEffect(() => setDirty(dirty), [dirty, setDirty])
  useEffect(() => () => setDirty(false), [setDirty])
  const set = <K extends keyof GroupInput>(key: K, value: GroupInput[K]) => {
    setDraft((current) => ({ ...current, [key]: value }))
    setErrors(({ [key]: _cleared, ...rest }) => rest)
  }

  const setLlm = <K extends keyof LlmProviderDraft>(key: K, value: LlmProviderDraft[K]) => {
    setLlmDraft((current) => current && { ...current, [key]: value })
    setErrors(({ [key]: _cleared, ...rest }) => rest)
  }
  const placeError = (error: unknown, fields: ReadonlySet<string>, fieldOf: (field: string) => string = (field) => field) => {
    const placed = placeSaveError(error, fields, useJobDesk.getState().preferences.language)
    if (placed.field) setErrors((current) => ({ ...current, [fieldOf(placed.field!)]: placed.message }))
    else setFormError(placed.message)
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setSaving(true)
    setFormError(null)
    try {
      const group = await saveGroup(draft)
      // A new group saved once is edited from then on, should its provider be refused below.
      setDraft((current) => ({ ...current, id: group.id }))
      if (await saveProvider(group.id, group.name)) onDone()
    } catch (error) {
      placeError(error, GROUP_FIELDS)
    } finally {
      setSaving(false)
    }
  }

  /** Sets or removes the provider when its fields changed; false when the core refused it (its error beside its field). */
  const saveProvider = async (groupId: number, name: string): Promise<boolean> => {
    if (!provider.loaded || !llmDraft) return true
    const change = llmProviderChange(provider.loaded, llmDraft, groupId)
    const language = useJobDesk.getState().preferences.language
    try {
      if (change.kind === 'set') await setLlmProvider(change.input)
      if (change.kind === 'remove') await removeLlmProvider({ groupId })
    } catch (error) {
      placeError(error, LLM_PROVIDER_FIELDS, llmProviderField)
      return false
    }
    if (change.kind !== 'none') notifySuccess(language, change.kind === 'set' ? 'llm.saved' : 'llm.removed', { name })
    return true
  }

  return (
    <form onSubmit={submit} noValidate data-testid="group-editor-form">
      <Stack gap="sm">
        {formError && (
          <Alert color="red" title={t('editor.saveFailed')}>
            {formError}
          </Alert>
        )}
        <Group grow align="flex-start">
          <TextInput
            label={t('executors.appName')}
            description={t('executors.appNameHint')}
            required
            value={draft.appName}
            onChange={(event) => set('appName', event.currentTarget.value)}
            error={errors.appName}
            classNames={{ input: 'jd-mono' }}
            data-testid="group-appName"
          />
          <TextInput
            label={t('executors.name')}
            required
            value={draft.name}
            onChange={(event) => set('name', event.currentTarget.value)}
            error={errors.name}
            data-testid="group-name"
          />
        </Group>
        <div>
          <Text size="sm" fw={500} mb={4} id="address-type-label">
            {t('executors.addressType')}
          </Text>
          <SegmentedControl
            aria-labelledby="address-type-label"
            value={String(draft.addressType)}
            onChange={(value) => set('addressType', value === '1' ? 1 : 0)}
            data={[
              { value: '0', label: t('executors.auto') },
              { value: '1', label: t('executors.manual') },
            ]}
            data-testid="group-addressType"
          />
        </div>
        {draft.addressType === 1 && (
          <Textarea
            label={t('executors.addressList')}
            description={t('executors.addressListHint')}
            value={draft.addressList}
            onChange={(event) => set('addressList', event.currentTarget.value)}
            error={errors.addressList}
            autosize
            minRows={2}
            classNames={{ input: 'jd-mono' }}
            data-testid="group-addressList"
          />
        )}
        <PasswordInput
          label={t('executors.accessToken')}
          description={t('executors.accessTokenHint')}
          value={draft.accessToken}
          onChange={(event) => set('accessToken', event.currentTarget.value)}
          error={errors.accessToken}
        />
        <Checkbox
          label={t('executors.scriptsAllowed')}
          description={t('executors.scriptsAllowedHint')}
          checked={draft.scriptsAllowed ?? false}
          onChange={(event) => set('scriptsAllowed', event.currentTarget.checked)}
          data-testid="group-scriptsAllowed"
        />
        <NumberInput
          label={t('group.maxConcurrent')}
          description={t('group.maxConcurrentHint')}
          min={0}
          max={10_000}
          allowDecimal={false}
          w={260}
          value={draft.maxConcurrent ?? 0}
          onChange={(value) => set('maxConcurrent', typeof value === 'number' ? Math.max(0, Math.trunc(value)) : 0)}
          error={errors.maxConcurrent}
          data-testid="group-maxConcurrent"
        />
        <LlmProviderSection groupId={draft.id} draft={llmDraft} failed={provider.failed} errors={errors} onChange={setLlm} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={saving} data-testid="group-save">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
