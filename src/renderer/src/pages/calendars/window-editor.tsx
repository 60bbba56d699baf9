import { Alert, Button, Group, Modal, NumberInput, SegmentedControl, Select, Stack, Switch, TextInput } from '@mantine/core'
import { useMemo, useState } from 'react'
import type { WindowView } from '../../../../shared/calendar/maintenance-window'
import { useErrorText, useT } from '../../i18n/use-t'
import { formOfWindow, newWindowForm, requestOfForm, type WindowForm } from '../../lib/calendars/window-form'
import { listTimeZones, localTimeZone } from '../../lib/format/format-time'
import { addWindow, updateWindow } from '../../services/windows'
import { WindowScopeFields } from './window-scope-fields'

/**
 * A maintenance window's editor: one-off (opens, closes) or recurring (a Quartz cron for each
 * opening and how long it stays open), in a zone, over everything or chosen groups, jobs and flows.
 * The server checks everything (a cron that parses, ids that exist) and its message names the field.
 */
export function WindowEditor(props: { editing: WindowView | null; onClose: () => void; onSaved: (window: WindowView) => void }) {
  const t = useT()
  const errorText = useErrorText()
  const { editing, onClose, onSaved } = props
  const zones = useMemo(listTimeZones, [])
  const [form, setForm] = useState<WindowForm>(() => (editing ? formOfWindow(editing) : newWindowForm(localTimeZone(), Date.now())))
  const [error, setError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const change = (patch: Partial<WindowForm>) => setForm((current) => ({ ...current, ...patch }))

  const save = async () => {
    const request = requestOfForm(form)
    setSaving(true)
    try {
      onSaved(editing ? await updateWindow({ ...request, id: editing.id }) : await addWindow(request))
    } catch (failure) {
      setError(errorText(failure))
    } finally {
      setSaving(false)
    }
  }

  return (
    <Modal opened onClose={onClose} title={editing ? t('windows.editTitle', { name: editing.name }) : t('windows.newTitle')} size="lg">
      <Stack gap="sm" data-testid="window-editor">
        {error && (
          <Alert color="red" data-testid="window-error">
            {error}
          </Alert>
        )}
        <TextInput label={t('windows.name')} value={form.name} onChange={(e) => change({ name: e.currentTarget.value })} data-testid="window-name" />
        <SegmentedControl
          w="fit-content"
          value={form.kind}
          onChange={(kind) => change({ kind: kind as WindowForm['kind'] })}
          data={[
            { value: 'once', label: t('windows.kindOnce') },
            { value: 'recurring', label: t('windows.kindRecurring') },
          ]}
          aria-label={t('windows.kind')}
          data-testid="window-kind"
        />
        <Select
          label={t('editor.timezone')}
          description={t('windows.zoneHint')}
          searchable
          data={zones}
          value={form.timezone}
          onChange={(zone) => zone && change({ timezone: zone })}
          data-testid="window-timezone"
        />
        {form.kind === 'once' ? (
          <Group grow>
            <TextInput
              type="datetime-local"
              label={t('windows.start')}
              value={form.start}
              onChange={(e) => change({ start: e.currentTarget.value })}
              data-testid="window-start"
            />
            <TextInput
              type="datetime-local"
              label={t('windows.end')}
              value={form.end}
              onChange={(e) => change({ end: e.currentTarget.value })}
              data-testid="window-end"
            />
          </Group>
        ) : (
          <Group grow align="flex-start">
            <TextInput
              label={t('windows.cron')}
              description={t('windows.cronHint')}
              value={form.cron}
              onChange={(e) => change({ cron: e.currentTarget.value })}
              classNames={{ input: 'jd-mono' }}
              data-testid="window-cron"
            />
            <NumberInput
              label={t('windows.durationMin')}
              min={1}
              max={7 * 24 * 60}
              value={form.durationMin}
              onChange={(value) => change({ durationMin: typeof value === 'number' ? value : 0 })}
              data-testid="window-duration"
            />
          </Group>
        )}
        <WindowScopeFields form={form} onChange={change} />
        <Switch
          label={t('windows.killRunning')}
          description={t('windows.killRunningHint')}
          checked={form.killRunning}
          onChange={(e) => change({ killRunning: e.currentTarget.checked })}
          data-testid="window-kill-running"
        />
        <Switch
          label={t('windows.enabled')}
          checked={form.enabled}
          onChange={(e) => change({ enabled: e.currentTarget.checked })}
          data-testid="window-enabled"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void save()} loading={saving} data-testid="window-save">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
