import { Alert, Button, Chip, Group, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core'
import { useMemo, useState } from 'react'
import type { BusinessCalendar, CalendarView } from '../../../../shared/calendar/business-calendar'
import { useErrorText, useT } from '../../i18n/use-t'
import { datesFromText, holidaysFromLines, holidaysToLines } from '../../lib/calendars/holiday-lines'
import { listTimeZones } from '../../lib/format/format-time'
import { addCalendar, updateCalendar } from '../../services/calendars'

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const
const WEEKDAY_KEYS = ['calendars.mon', 'calendars.tue', 'calendars.wed', 'calendars.thu', 'calendars.fri', 'calendars.sat', 'calendars.sun'] as const

/**
 * A calendar's editor: a new one (`editing` null) or an existing one, whose name stays (jobs name
 * it). The server checks everything and its message names the field and, for a holiday, its line.
 */
export function CalendarEditor(props: {
  editing: CalendarView | null
  others: readonly CalendarView[]
  defaultZone: string
  onClose: () => void
  onSaved: (calendar: CalendarView) => void
}) {
  const t = useT()
  const errorText = useErrorText()
  const { editing, others, defaultZone, onClose, onSaved } = props
  const zones = useMemo(listTimeZones, [])
  const [name, setName] = useState(editing?.name ?? '')
  const [timezone, setTimezone] = useState(editing?.timezone ?? defaultZone)
  const [workdays, setWorkdays] = useState<string[]>((editing?.workdays ?? [1, 2, 3, 4, 5]).map(String))
  const [holidays, setHolidays] = useState(holidaysToLines(editing?.holidays ?? []))
  const [makeup, setMakeup] = useState((editing?.makeupWorkdays ?? []).join('\n'))
  const [basedOn, setBasedOn] = useState<string | null>(editing?.basedOn ?? null)
  const [error, setError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)

  const save = async () => {
    const calendar: BusinessCalendar = {
      name: name.trim(),
      timezone,
      workdays: workdays.map(Number).sort((a, b) => a - b),
      holidays: holidaysFromLines(holidays),
      makeupWorkdays: datesFromText(makeup),
      basedOn,
    }
    setSaving(true)
    try {
      onSaved(editing ? await updateCalendar(calendar) : await addCalendar(calendar))
    } catch (failure) {
      setError(errorText(failure))
    } finally {
      setSaving(false)
    }
  }

  return (
    <Modal opened onClose={onClose} title={editing ? t('calendars.editTitle', { name: editing.name }) : t('calendars.newTitle')} size="lg">
      <Stack gap="sm" data-testid="calendar-editor">
        {error && (
          <Alert color="red" data-testid="calendar-error">
            {error}
          </Alert>
        )}
        <TextInput
          label={t('calendars.name')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          disabled={editing !== null}
          data-testid="calendar-name"
        />
        <Select
          label={t('editor.timezone')}
          searchable
          data={zones}
          value={timezone}
          onChange={(zone) => zone && setTimezone(zone)}
          data-testid="calendar-timezone"
        />
        <div>
          <Text size="sm" fw={500} mb={4}>
            {t('calendars.workdays')}
          </Text>
          <Chip.Group multiple value={workdays} onChange={setWorkdays}>
            <Group gap={4}>
              {WEEKDAYS.map((day) => (
                <Chip key={day} value={String(day)} size="xs">
                  {t(WEEKDAY_KEYS[day - 1])}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </div>
        <Textarea
          label={t('calendars.holidays')}
          description={t('calendars.holidaysHint')}
          autosize
          minRows={3}
          maxRows={12}
          value={holidays}
          onChange={(e) => setHolidays(e.currentTarget.value)}
          classNames={{ input: 'jd-mono' }}
          data-testid="calendar-holidays"
        />
        <Textarea
          label={t('calendars.makeupWorkdays')}
          description={t('calendars.makeupHint')}
          autosize
          minRows={2}
          value={makeup}
          onChange={(e) => setMakeup(e.currentTarget.value)}
          classNames={{ input: 'jd-mono' }}
          data-testid="calendar-makeup"
        />
        <Select
          label={t('calendars.basedOn')}
          description={t('calendars.basedOnHint')}
          clearable
          data={others.filter((c) => c.name !== editing?.name).map((c) => c.name)}
          value={basedOn}
          onChange={setBasedOn}
          data-testid="calendar-based-on"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void save()} loading={saving} data-testid="calendar-save">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
