import './daily-chart.css'
import { Card, Group, Text, Title, Tooltip } from '@mantine/core'
import type { DayReport } from '../../../../shared/api'
import { useLanguage, useT } from '../../i18n/use-t'
import { formatCount } from '../../lib/format/format-time'
import { useJobDesk } from '../../store'

/** Bar widths as percentages of the busiest day (a pure function, so the layout is testable). */
export function dayBarShares(days: readonly DayReport[]): { success: number; failed: number; running: number }[] {
  const max = Math.max(1, ...days.map((d) => d.successCount + d.failCount + d.runningCount))
  return days.map((d) => ({ success: (100 * d.successCount) / max, failed: (100 * d.failCount) / max, running: (100 * d.runningCount) / max }))
}

const dayLabel = (dayMs: number, language: string) => new Date(dayMs).toLocaleDateString(language, { month: 'short', day: 'numeric', weekday: 'short' })

/** Runs per day, success / failed / running, as horizontal stacked bars (no chart library). */
export function DailyChart() {
  const t = useT()
  const language = useLanguage()
  const days = useJobDesk((s) => s.dailyReport)
  const shares = dayBarShares(days)
  return (
    <Card withBorder padding="md" data-testid="daily-chart">
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h5">
          {t('dashboard.daily')}
        </Title>
        <Group gap="md">
          <Text size="xs">
            <span className="jd-legend" data-color="teal" /> {t('status.success')}
          </Text>
          <Text size="xs">
            <span className="jd-legend" data-color="red" /> {t('status.failed')}
          </Text>
          <Text size="xs">
            <span className="jd-legend" data-color="blue" /> {t('status.running')}
          </Text>
        </Group>
      </Group>
      {days.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('dashboard.noReport')}
        </Text>
      )}
      {days.map((day, i) => (
        <Tooltip
          key={day.dayMs}
          label={`${t('status.success')} ${formatCount(day.successCount, language)} · ${t('status.failed')} ${formatCount(day.failCount, language)} · ${t('status.running')} ${formatCount(day.runningCount, language)}`}
        >
          <div className="jd-day-row">
            <Text size="xs" c="dimmed" className="jd-day-label">
              {dayLabel(day.dayMs, language)}
            </Text>
            <div className="jd-day-bar">
              <span data-color="teal" style={{ width: `${shares[i].success}%` }} />
              <span data-color="red" style={{ width: `${shares[i].failed}%` }} />
              <span data-color="blue" style={{ width: `${shares[i].running}%` }} />
            </div>
            <Text size="xs" className="jd-day-total">
              {formatCount(day.successCount + day.failCount + day.runningCount, language)}
            </Text>
          </div>
        </Tooltip>
      ))}
    </Card>
  )
}
