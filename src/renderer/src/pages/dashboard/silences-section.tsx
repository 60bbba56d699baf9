import { Alert, Badge, Button, Card, Group, NumberInput, Select, Stack, Table, Text, TextInput } from '@mantine/core'
import { useCallback, useEffect, useState } from 'react'
import { silenceInForceAt, type AlarmSilence, type SilenceTarget } from '../../../../shared/alarm-silence'
import { useErrorText, useT, type Translate } from '../../i18n/use-t'
import { formatDateTime } from '../../lib/format/format-time'
import { addSilence, listSilences, removeSilence } from '../../services/silences'
import { useJobDesk } from '../../store'
import { selectSilencesVersion } from '../../store/maintenance/selectors'

type TargetKind = 'jobId' | 'groupId' | 'flowId'

function targetLabel(t: Translate, target: SilenceTarget): string {
  if (target.jobId !== undefined) return t('silences.jobLabel', { id: target.jobId })
  if (target.groupId !== undefined) return t('silences.groupLabel', { id: target.groupId })
  return t('silences.flowLabel', { id: target.flowId })
}

/** An hour from now, as a datetime-local field shows it (local time, to the minute). */
function inAnHour(): string {
  const at = new Date(Date.now() + 3_600_000)
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16)
}

/**
 * The dashboard's alarm silences (docs/alarms-policy.md): those in force and those ended in the last
 * week, who set each, until when and why; add one (a job, a group or a flow, until, reason) and lift
 * one. The core decides who may (an operator of what it covers, admins all) and says so on refusal.
 */
export function SilencesSection() {
  const t = useT()
  const errorText = useErrorText()
  const version = useJobDesk(selectSilencesVersion)
  const [silences, setSilences] = useState<AlarmSilence[]>([])
  const [nowMs, setNowMs] = useState(() => Date.now())
  const [error, setError] = useState<string | null>(null)
  const [kind, setKind] = useState<TargetKind>('jobId')
  const [targetId, setTargetId] = useState<number | ''>('')
  const [until, setUntil] = useState(inAnHour)
  const [reason, setReason] = useState('')
  const [busy, setBusy] = useState(false)

  const refresh = useCallback(async () => {
    try {
      setSilences(await listSilences())
      setNowMs(Date.now())
      setError(null)
    } catch (failure) {
      setError(errorText(failure))
    }
  }, [errorText])

  useEffect(() => {
    void refresh()
  }, [refresh, version])

  const act = async (work: () => Promise<unknown>) => {
    setBusy(true)
    try {
      await work()
      await refresh()
      return true
    } catch (failure) {
      setError(errorText(failure))
      return false
    } finally {
      setBusy(false)
    }
  }
  const add = async () => {
    const added = await act(() => addSilence({ [kind]: targetId === '' ? undefined : targetId, until: new Date(until).getTime(), reason }))
    if (added) setReason('')
  }

  return (
    <Card withBorder data-testid="silences">
      <Stack gap="sm">
        <Text fw={600}>{t('silences.title')}</Text>
        <Text size="xs" c="dimmed">
          {t('silences.hint')}
        </Text>
        {error && (
          <Alert color="red" data-testid="silences-error">
            {error}
          </Alert>
        )}
        <Group align="flex-end" gap="xs" wrap="wrap">
          <Select
            label={t('silences.target')}
            w={120}
            data={[
              { value: 'jobId', label: t('silences.targetJob') },
              { value: 'groupId', label: t('silences.targetGroup') },
              { value: 'flowId', label: t('silences.targetFlow') },
            ]}
            value={kind}
            onChange={(value) => value && setKind(value as TargetKind)}
            allowDeselect={false}
            data-testid="silence-kind"
          />
          <NumberInput
            label={t('silences.targetId')}
            w={100}
            min={1}
            allowDecimal={false}
            value={targetId}
            onChange={(value) => setTargetId(typeof value === 'number' ? value : '')}
            data-testid="silence-target"
          />
          <TextInput
            label={t('silences.until')}
            type="datetime-local"
            value={until}
            onChange={(e) => setUntil(e.currentTarget.value)}
            data-testid="silence-until"
          />
          <TextInput
            label={t('silences.reason')}
            style={{ flex: 1, minWidth: 180 }}
            maxLength={200}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            data-testid="silence-reason"
          />
          <Button size="sm" onClick={() => void add()} loading={busy} data-testid="silence-add">
            {t('silences.save')}
          </Button>
        </Group>
        {silences.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="silences-empty">
            {t('silences.empty')}
          </Text>
        ) : (
          <Table data-testid="silences-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('silences.target')}</Table.Th>
                <Table.Th>{t('silences.until')}</Table.Th>
                <Table.Th>{t('silences.reason')}</Table.Th>
                <Table.Th>{t('silences.by')}</Table.Th>
                <Table.Th>{t('silences.state')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {silences.map((silence) => {
                const inForce = silenceInForceAt(silence, nowMs)
                return (
                  <Table.Tr key={silence.id} data-testid="silence-row" data-in-force={inForce}>
                    <Table.Td>{targetLabel(t, silence.target)}</Table.Td>
                    <Table.Td>{formatDateTime(silence.untilMs)}</Table.Td>
                    <Table.Td>{silence.reason}</Table.Td>
                    <Table.Td>{silence.createdBy}</Table.Td>
                    <Table.Td>
                      <Badge color={inForce ? 'orange' : 'gray'} variant="light">
                        {inForce ? t('silences.inForce') : silence.removedBy ? t('silences.lifted', { who: silence.removedBy }) : t('silences.ended')}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      {inForce && (
                        <Button size="xs" variant="default" onClick={() => void act(() => removeSilence({ id: silence.id }))} data-testid="silence-lift">
                          {t('silences.lift')}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                )
              })}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  )
}
