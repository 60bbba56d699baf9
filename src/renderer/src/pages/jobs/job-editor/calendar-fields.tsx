import { Group, Select } from '@mantine/core'
import { useEffect, useState } from 'react'
import { CALENDAR_ROLLS, CALENDAR_RULES, type CalendarRoll, type CalendarRule } from '../../../../../shared/calendar/calendar-rules'
import { useT } from '../../../i18n/use-t'
import { listCalendars } from '../../../services/calendars'
import type { ScheduleFields } from './schedule-fields'

/**
 * A schedule's calendar: none, or one of the server's, with the days it fires on and what becomes
 * of a fire on another day. A BUSINESS_DAY schedule counts the calendar's days itself, so it takes
 * neither a rule nor a move. The list is read when the editor opens.
 */
export function CalendarFields(props: {
  draft: ScheduleFields
  setField<K extends keyof ScheduleFields>(key: K, value: ScheduleFields[K]): void
  errors: Readonly<Record<string, string>>
}) {
  const t = useT()
  const { draft, setField, errors } = props
  const [names, setNames] = useState<string[]>([])
  useEffect(() => {
    let current = true
    listCalendars().then(
      (calendars) => current && setNames(calendars.map((c) => c.name)),
      // Without the list the field still shows the calendar saved; the save names a wrong one.
      () => undefined,
    )
    return () => {
      current = false
    }
  }, [])
  const businessDay = draft.scheduleType === 'BUSINESS_DAY'
  // Switched to BUSINESS_DAY: its days are the calendar's business days, so the rule and the move go back to their defaults.
  useEffect(() => {
    if (!businessDay) return
    if (draft.calendarRule !== 'BUSINESS_DAYS') setField('calendarRule', 'BUSINESS_DAYS')
    if (draft.calendarRoll !== 'SKIP') setField('calendarRoll', 'SKIP')
  }, [businessDay, draft.calendarRule, draft.calendarRoll, setField])
  const options = [...new Set([...names, ...(draft.calendar ? [draft.calendar] : [])])]

  const chooseCalendar = (name: string | null) => {
    setField('calendar', name)
    // Without a calendar nothing is moved; a BUSINESS_DAY schedule keeps the defaults too.
    if (name === null || businessDay) {
      setField('calendarRule', 'BUSINESS_DAYS')
      setField('calendarRoll', 'SKIP')
    }
  }

  return (
    <Group grow align="flex-start">
      <Select
        label={t('editor.calendar')}
        placeholder={t('editor.calendarNone')}
        clearable
        searchable
        data={options}
        value={draft.calendar}
        onChange={chooseCalendar}
        error={errors.calendar}
        data-testid="field-calendar"
      />
      {draft.calendar !== null && !businessDay && (
        <>
          <Select
            label={t('editor.calendarRule')}
            data={CALENDAR_RULES.map((rule) => ({ value: rule, label: t(`calendarRule.${rule}`) }))}
            value={draft.calendarRule}
            onChange={(value) => value && setField('calendarRule', value as CalendarRule)}
            allowDeselect={false}
            error={errors.calendarRule}
            data-testid="field-calendarRule"
          />
          <Select
            label={t('editor.calendarRoll')}
            data={CALENDAR_ROLLS.map((roll) => ({ value: roll, label: t(`calendarRoll.${roll}`) }))}
            value={draft.calendarRoll}
            onChange={(value) => value && setField('calendarRoll', value as CalendarRoll)}
            allowDeselect={false}
            error={errors.calendarRoll}
            data-testid="field-calendarRoll"
          />
        </>
      )}
    </Group>
  )
}
