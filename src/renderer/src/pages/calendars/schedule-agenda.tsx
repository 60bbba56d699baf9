import { Alert, Badge, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core'
import { useMemo, useState } from 'react'
import type { ScheduleSimulation } from '../../../../shared/calendar/schedule-simulation'
import { useErrorText, useT } from '../../i18n/use-t'
import { agendaByDay, agendaCsv, type AgendaEntry } from '../../lib/calendars/agenda'
import { formatDateTime, localTimeZone } from '../../lib/format/format-time'
import { simulateSchedule } from '../../services/calendars'

const DAY_MS = 86_400_000
const dateOf = (ms: number) => new Date(ms - new Date(ms).getTimezoneOffset() * 60_000).toISOString().slice(0, 10)

/**
 * What will fire: the server's simulator over a window (every running job and active flow the
 * operator sees), day by day; a day opens to its fires and the slots left out, struck through with
 * the reason. The same answer as `jobdesk schedule`, and as CSV.
 */
export function ScheduleAgenda() {
  const t = useT()
  const errorText = useErrorText()
  const [from, setFrom] = useState(() => dateOf(Date.now()))
  const [to, setTo] = useState(() => dateOf(Date.now() + 30 * DAY_MS))
  const [simulation, setSimulation] = useState<ScheduleSimulation | null>(null)
  const [open, setOpen] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const zone = localTimeZone()
  const days = useMemo(() => (simulation ? agendaByDay(simulation, zone) : new Map<string, AgendaEntry[]>()), [simulation, zone])

  const run = async () => {
    setBusy(true)
    try {
      // Local midnights: the window is the days the operator picked, here.
      setSimulation(await simulateSchedule({ from: new Date(`${from}T00:00:00`).getTime(), to: new Date(`${to}T00:00:00`).getTime() + DAY_MS }))
      setError(null)
    } catch (failure) {
      setError(errorText(failure))
    } finally {
      setBusy(false)
    }
  }

  const download = () => {
    const url = URL.createObjectURL(new Blob([agendaCsv(simulation!)], { type: 'text/csv' }))
    const link = Object.assign(document.createElement('a'), { href: url, download: `jobdesk-schedule-${from}-${to}.csv` })
    link.click()
    URL.revokeObjectURL(url)
  }

  return (
    <Stack gap="sm" data-testid="schedule-agenda">
      <Group align="flex-end">
        <TextInput type="date" label={t('agenda.from')} value={from} onChange={(e) => setFrom(e.currentTarget.value)} data-testid="agenda-from" />
        <TextInput type="date" label={t('agenda.to')} value={to} onChange={(e) => setTo(e.currentTarget.value)} data-testid="agenda-to" />
        <Button onClick={() => void run()} loading={busy} data-testid="agenda-run">
          {t('agenda.run')}
        </Button>
        {simulation && (
          <Button variant="default" onClick={download} data-testid="agenda-csv">
            {t('agenda.csv')}
          </Button>
        )}
      </Group>
      {error && <Alert color="red">{error}</Alert>}
      {simulation && (
        <Text size="sm" c="dimmed" data-testid="agenda-summary">
          {t('agenda.summary', { fires: simulation.fires.length, skipped: simulation.skipped.length })}
        </Text>
      )}
      {simulation?.cut && <Alert color="orange">{t('agenda.cut')}</Alert>}
      <Stack gap={4}>
        {[...days].map(([day, entries]) => (
          <div key={day} data-testid={`agenda-day-${day}`}>
            <Group gap="xs" style={{ cursor: 'pointer' }} onClick={() => setOpen(open === day ? null : day)}>
              <Text fw={600} className="jd-mono">
                {day}
              </Text>
              <Badge color="teal" variant="light">
                {t('agenda.fires', { n: entries.filter((e) => e.fires).length })}
              </Badge>
              {entries.some((e) => !e.fires) && (
                <Badge color="gray" variant="light">
                  {t('agenda.skipped', { n: entries.filter((e) => !e.fires).length })}
                </Badge>
              )}
            </Group>
            {open === day && (
              <Table fz="xs" data-testid="agenda-entries">
                <Table.Tbody>
                  {entries.map((entry, i) => (
                    <Table.Tr
                      key={i}
                      style={entry.fires ? undefined : { textDecoration: 'line-through' }}
                      data-testid={entry.fires ? 'agenda-fire' : 'agenda-skip'}
                    >
                      <Table.Td className="jd-mono">{formatDateTime(entry.time)}</Table.Td>
                      <Table.Td>
                        {'flowId' in entry.target ? t('agenda.flow', { id: entry.target.flowId }) : t('agenda.job', { id: entry.target.jobId })}
                      </Table.Td>
                      <Table.Td>
                        {entry.fires
                          ? entry.rolledFrom !== undefined
                            ? t('agenda.movedFrom', { time: formatDateTime(entry.rolledFrom) })
                            : ''
                          : `${t(`skipReason.${entry.reason as SkipKey}`)}${entry.detail ? ` (${entry.detail})` : ''}`}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </div>
        ))}
      </Stack>
    </Stack>
  )
}

type SkipKey = 'holiday' | 'weekend' | 'businessDay' | 'rolled' | 'window' | 'paused' | 'misfire'
