import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core'
import { useEffect, useState } from 'react'
import { useErrorText, useT } from '../../i18n/use-t'
import { isSettingsDirty, toSettingsDraft, toSettingsInput, type SettingsDraft } from '../../lib/settings/settings-draft'
import { useJobDesk } from '../../store'
import { selectSettings } from '../../store/settings/selectors'
import { AlarmSection } from './alarm-section'
import { AppearanceSection } from './appearance-section'
import { ConsoleAccessSection, RuntimeSection } from './console-access-section'
import { ListenSection } from './listen-section'
import { ScriptsSection } from './scripts-section'
import { TokenSection } from './token-section'

/** Listen address, tokens, retention, alarm channels (saved to the core) and language and theme (this browser). */
export function SettingsPage() {
  const t = useT()
  const errorText = useErrorText()
  const settings = useJobDesk(selectSettings)
  const fetchSettings = useJobDesk((s) => s.fetchSettings)
  const saveSettings = useJobDesk((s) => s.saveSettings)
  const [draft, setDraft] = useState<SettingsDraft | null>(null)
  const [loadError, setLoadError] = useState<{ caught: unknown } | null>(null)
  const [saveError, setSaveError] = useState<{ field: string | null; caught: unknown } | null>(null)
  const [saving, setSaving] = useState(false)

  useEffect(() => {
    fetchSettings().catch((caught: unknown) => setLoadError({ caught }))
  }, [fetchSettings])
  // A fresh read (or a save) replaces the form, except while the operator has unsaved edits.
  useEffect(() => {
    if (settings) setDraft((current) => (current && isSettingsDirty(current, settings) ? current : toSettingsDraft(settings)))
  }, [settings])

  const dirty = draft !== null && settings !== null && isSettingsDirty(draft, settings)
  const setUnsavedChanges = useJobDesk((s) => s.setUnsavedChanges)
  useEffect(() => setUnsavedChanges(dirty), [dirty, setUnsavedChanges])
  useEffect(() => () => setUnsavedChanges(false), [setUnsavedChanges])
  const save = async () => {
    if (!draft || !settings) return
    setSaving(true)
    setSaveError(null)
    try {
      setDraft(toSettingsDraft(await saveSettings(toSettingsInput(draft, settings))))
    } catch (error) {
      setSaveError({ field: (error as { field?: string }).field ?? null, caught: error })
    } finally {
      setSaving(false)
    }
  }
  const update = (patch: Partial<SettingsDraft>) => setDraft((current) => (current ? { ...current, ...patch } : current))

  return (
    <div className="jd-page jd-page-scroll" data-testid="page-settings">
      <Group justify="space-between">
        <Title order={2}>{t('settings.title')}</Title>
        <Group gap="sm">
          {dirty && (
            <Text size="sm" c="orange" data-testid="settings-dirty">
              {t('settings.unsaved')}
            </Text>
          )}
          <Button onClick={() => void save()} loading={saving} disabled={!dirty} data-testid="settings-save">
            {t('common.save')}
          </Button>
        </Group>
      </Group>
      {loadError && <Alert color="red">{errorText(loadError.caught)}</Alert>}
      {saveError && (
        <Alert color="red" title={t('editor.saveFailed')} data-testid="settings-error" withCloseButton onClose={() => setSaveError(null)}>
          {errorText(saveError.caught)}
        </Alert>
      )}
      {!draft || !settings ? (
        !loadError && <Loader />
      ) : (
        <Stack gap="md" maw={900}>
          <ListenSection draft={draft} saved={settings} update={update} errorField={saveError?.field ?? null} />
          <TokenSection settings={settings} draft={draft} update={update} />
          <ConsoleAccessSection settings={settings} />
          <ScriptsSection settings={settings} draft={draft} update={update} />
          <AlarmSection
            draft={draft}
            dirty={dirty}
            update={update}
            mode={settings.mode}
            saveError={saveError && { field: saveError.field, text: errorText(saveError.caught) }}
          />
          <AppearanceSection />
          <RuntimeSection settings={settings} />
        </Stack>
      )}
    </div>
  )
}
