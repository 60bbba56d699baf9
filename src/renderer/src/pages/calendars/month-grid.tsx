import { ActionIcon, Group, Text, Tooltip } from '@mantine/core'
import type { CalendarDays } from '../../../../shared/calendar/business-calendar'
import type { DayNumber } from '../../../../shared/calendar/civil-date'
import { useT } from '../../i18n/use-t'
import { monthCells, shiftMonth } from '../../lib/calendars/month-cells'

const WEEKDAY_KEYS = ['calendars.mon', 'calendars.tue', 'calendars.wed', 'calendars.thu', 'calendars.fri', 'calendars.sat', 'calendars.sun'] as const

/** One month of a calendar: business days plain, weekends dimmed, holidays named, make-up days marked, today outlined. */
export function MonthGrid(props: { days: CalendarDays; year: number; month: number; todayDay: DayNumber; onMonth: (year: number, month: number) => void }) {
  const t = useT()
  const { days, year, month, todayDay, onMonth } = props
  const go = (step: number) => {
    const next = shiftMonth(year, month, step)
    onMonth(next.year, next.month)
  }
  return (
    <div data-testid="calendar-month">
      <Group justify="space-between" mb="xs">
        <ActionIcon variant="subtle" onClick={() => go(-1)} aria-label={t('calendars.previousMonth')} data-testid="month-previous">
          ‹
        </ActionIcon>
        <Text fw={600} data-testid="month-title">
          {t('calendars.monthTitle', { year, month: String(month).padStart(2, '0') })}
        </Text>
        <ActionIcon variant="subtle" onClick={() => go(1)} aria-label={t('calendars.nextMonth')} data-testid="month-next">
          ›
        </ActionIcon>
      </Group>
      <table className="jd-month">
        <thead>
          <tr>
            {WEEKDAY_KEYS.map((key) => (
              <th key={key}>{t(key)}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthCells(days, year, month, todayDay).map((week, w) => (
            <tr key={w}>
              {week.map((cell, d) =>
                cell.day === null ? (
                  <td key={d} />
                ) : (
                  <td
                    key={d}
                    className={`jd-day jd-day-${cell.kind.why}${cell.today ? ' jd-day-today' : ''}`}
                    data-testid={`day-${cell.day}`}
                    data-kind={cell.kind.why}
                  >
                    <Tooltip label={cell.kind.why === 'holiday' ? cell.kind.holiday : t(`calendars.kind.${cell.kind.why}`)} openDelay={300}>
                      <div>
                        <div className="jd-day-number">{cell.day}</div>
                        {cell.kind.why === 'holiday' && <div className="jd-day-label">{cell.kind.holiday}</div>}
                        {cell.kind.why === 'makeup' && <div className="jd-day-label">{t('calendars.kind.makeup')}</div>}
                      </div>
                    </Tooltip>
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
