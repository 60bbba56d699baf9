import { Alert, Button, Group, NavLink, SegmentedControl, Stack, Text, Title } from '@mantine/core'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { CalendarDays, type CalendarView } from '../../../../shared/calendar/business-calendar'
import { partsOf } from '../../../../shared/calendar/civil-date'
import { useErrorText, useLanguage, useT } from '../../i18n/use-t'
import { notifySuccess } from '../../kit/notify'
import { listCalendars, removeCalendar } from '../../services/calendars'
import { useJobDesk } from '../../store'
import { selectIsAdmin } from '../../store/session/selectors'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { CalendarEditor } from './calendar-editor'
import { ImportDaysDialog } from './import-days-dialog'
import { MonthGrid } from './month-grid'
import { ScheduleAgenda } from './schedule-agenda'
import { MaintenanceWindows } from './maintenance-windows'
import './calendars.css'
import { RowActions } from '../../components/row-actions'

/** Today's day number in a zone (the grid outlines it). */
function todayIn(zone: string): number {
  const [year, month, day] = new Intl.DateTimeFormat('sv-SE', { timeZone: zone }).format(Date.now()).split('-').map(Number)
  return Date.UTC(year, month - 1, day) / 86_400_000
}

/**
 * Business calendars: the list, one month of the chosen calendar, and (for admins) new, edit,
 * import from a file (.ics, .csv, .yaml) and remove. Everyone reads them: a job's editor picks one.
 */
export function CalendarsPage() {
  const t = useT()
  const errorText = useErrorText()
  const language = useLanguage()
  const isAdmin = useJobDesk(selectIsAdmin)
  const defaultZone = useMemo(() => Intl.DateTimeFormat().resolvedOptions().timeZone, [])
  const [calendars, setCalendars] = useState<CalendarView[]>([])
  const [chosen, setChosen] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [editing, setEditing] = useState<CalendarView | 'new' | null>(null)
  const [importing, setImporting] = useState(false)
  const [removing, setRemoving] = useState<CalendarView | null>(null)
  const [shown, setShown] = useState(() => partsOf(todayIn(defaultZone)))
  const [view, setView] = useState<'calendars' | 'agenda' | 'windows'>('calendars')

  const refresh = useCallback(
    (select?: string) =>
      listCalendars().then(
        (list) => {
          setCalendars(list)
          setError(null)
          setChosen((current) => select ?? (current && list.some((c) => c.name === current) ? current : (list[0]?.name ?? null)))
        },
        (failure: unknown) => setError(errorText(failure)),
      ),
    [errorText],
  )
  useEffect(() => void refresh(), [refresh])

  const calendar = calendars.find((c) => c.name === chosen) ?? null
  const days = useMemo(() => {
    if (calendar === null) return null
    const byName = new Map(calendars.map((c) => [c.name, c]))
    try {
      return CalendarDays.resolve(calendar, (name) => byName.get(name))
    } catch {
      return null
    }
  }, [calendar, calendars])

  const remove = async (target: CalendarView) => {
    setRemoving(null)
    try {
      await removeCalendar({ name: target.name })
      notifySuccess(language, 'calendars.removed', { name: target.name })
      await refresh()
    } catch (failure) {
      setError(errorText(failure))
    }
  }

  return (
    <div className="jd-page jd-page-scroll" data-testid="page-calendars">
      <Group justify="space-between">
        <Title order={2}>{t('calendars.title')}</Title>
        {isAdmin && view === 'calendars' && (
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={() => setImporting(true)} data-testid="calendar-import-open">
              {t('calendars.importFile')}
            </Button>
            <Button size="xs" onClick={() => setEditing('new')} data-testid="calendar-new">
              {t('calendars.new')}
            </Button>
          </Group>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {t('calendars.hint')}
      </Text>
      <SegmentedControl
        w="fit-content"
        value={view}
        onChange={(value) => setView(value as typeof view)}
        data={[
          { value: 'calendars', label: t('calendars.tabCalendars') },
          { value: 'agenda', label: t('calendars.tabAgenda') },
          { value: 'windows', label: t('windows.tab') },
        ]}
        data-testid="calendars-view"
      />
      {error && <Alert color="red">{error}</Alert>}
      {view === 'agenda' ? (
        <ScheduleAgenda />
      ) : view === 'windows' ? (
        <MaintenanceWindows />
      ) : calendars.length === 0 ? (
        <Text c="dimmed" data-testid="calendars-empty">
          {t('calendars.empty')}
        </Text>
      ) : (
        <Group align="flex-start" wrap="nowrap" gap="lg">
          <Stack gap={2} w={220} data-testid="calendars-list">
            {calendars.map((c) => (
              <NavLink
                key={c.name}
                label={c.name}
                description={`${c.timezone}${c.basedOn ? ` · ${t('calendars.basedOnShort', { name: c.basedOn })}` : ''}`}
                active={c.name === chosen}
                onClick={() => setChosen(c.name)}
                data-testid={`calendar-${c.name}`}
              />
            ))}
          </Stack>
          {calendar && days && (
            <Stack gap="xs" style={{ flex: 1 }}>
              <Group justify="space-between">
                <Text size="sm" c="dimmed">
                  {t('calendars.summary', { holidays: calendar.holidays.length, makeup: calendar.makeupWorkdays.length, by: calendar.updatedBy })}
                </Text>
                {isAdmin && <RowActions onEdit={() => setEditing(calendar)} onRemove={() => setRemoving(calendar)} testId="calendar" justify="flex-start" />}
              </Group>
              <MonthGrid
                days={days}
                year={shown.year}
                month={shown.month}
                todayDay={todayIn(calendar.timezone)}
                onMonth={(year, month) => setShown({ year, month, day: 1 })}
              />
            </Stack>
          )}
        </Group>
      )}
      {editing !== null && (
        <CalendarEditor
          editing={editing === 'new' ? null : editing}
          others={calendars}
          defaultZone={defaultZone}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null)
            notifySuccess(language, 'calendars.saved', { name: saved.name })
            void refresh(saved.name)
          }}
        />
      )}
      {importing && (
        <ImportDaysDialog
          name={chosen ?? ''}
          defaultZone={defaultZone}
          onClose={() => setImporting(false)}
          onImported={(report) => {
            setImporting(false)
            notifySuccess(language, 'calendars.imported', {
              name: report.calendar.name,
              holidays: report.holidaysAdded,
              makeup: report.makeupWorkdaysAdded,
              timed: report.timedEvents,
            })
            void refresh(report.calendar.name)
          }}
        />
      )}
      {removing && (
        <ConfirmDialog
          opened
          title={t('calendars.removeTitle', { name: removing.name })}
          confirmLabel={t('common.delete')}
          confirmColor="red"
          confirmTestId="calendar-remove-confirm"
          onConfirm={() => void remove(removing)}
          onCancel={() => setRemoving(null)}
        >
          {t('calendars.removeHint')}
        </ConfirmDialog>
      )}
    </div>
  )
}
