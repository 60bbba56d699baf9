import { Badge, Button, Group, Table, Text, Tooltip } from '@mantine/core'
import type { AlarmEntry, AlarmState } from '../../../../shared/alarm-list'
import { RunLink } from '../../components/run-link'
import { useLanguage, useT } from '../../i18n/use-t'
import { alarmReasonText, ruleText } from '../../lib/alarms/alarm-text'
import { formatDateTime } from '../../lib/format/format-time'

const STATE_COLOR: Record<AlarmState, string> = { sent: 'teal', failed: 'red', folded: 'gray', suppressed: 'violet' }

/** Each channel's delivery: a mark per target, green when it went out, red with why when it did not. */
function Deliveries({ entry }: { entry: AlarmEntry }) {
  const t = useT()
  if (entry.deliveries.length === 0) return <span className="jd-dimmed">{t('alarms.nothingSent')}</span>
  return (
    <Group gap={4}>
      {entry.deliveries.map((d, i) => (
        <Tooltip key={i} label={d.detail ? `${d.target}: ${d.detail}` : d.target} multiline maw={420}>
          <Badge size="sm" variant="light" color={d.ok ? 'teal' : 'red'} data-testid="alarm-delivery" data-ok={d.ok}>
            {t(`alarms.channel.${d.channel}`)} {d.ok ? '✓' : '✗'}
          </Badge>
        </Tooltip>
      ))}
    </Group>
  )
}

/** Why: the policy's rule, the failure's reason, and who sent it again. */
function Why({ entry }: { entry: AlarmEntry }) {
  const t = useT()
  const language = useLanguage()
  const parts: string[] = []
  if (entry.rule) {
    const text = ruleText(language, entry.rule, Date.now())
    if (text) parts.push(text)
  }
  if (entry.state === 'failed' && entry.message) {
    const { reason, detail } = alarmReasonText(language, entry.message)
    parts.push(detail ? `${reason}: ${detail}` : reason)
  }
  if (entry.resentOf > 0) parts.push(t('alarms.resentOf', { by: entry.resentBy, id: entry.resentOf }))
  return (
    <Text size="xs" c="dimmed" lineClamp={2} title={parts.join(' · ')}>
      {parts.join(' · ')}
    </Text>
  )
}

/** One alarm of the list; `onResend` only for whoever may send it again (an operator of the job's group). */
export function AlarmRow({ entry, jobName, onResend }: { entry: AlarmEntry; jobName: string; onResend: (() => void) | null }) {
  const t = useT()
  return (
    <Table.Tr data-testid="alarm-row" data-alarm-id={entry.id} data-state={entry.state}>
      <Table.Td className="jd-mono jd-small">{formatDateTime(entry.atMs)}</Table.Td>
      <Table.Td className="jd-cell" title={jobName}>
        {jobName}
      </Table.Td>
      <Table.Td>
        <RunLink size="sm" runId={entry.logId} />
      </Table.Td>
      <Table.Td className="jd-small">{t(`alarms.kind.${entry.kind}`)}</Table.Td>
      <Table.Td>
        <Badge size="sm" color={STATE_COLOR[entry.state]} variant="light">
          {t(`alarms.state.${entry.state}`)}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Deliveries entry={entry} />
      </Table.Td>
      <Table.Td maw={320}>
        <Why entry={entry} />
      </Table.Td>
      <Table.Td>
        {onResend && (
          <Button size="compact-xs" variant="default" onClick={onResend} data-testid="alarm-resend">
            {t('alarms.resend')}
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  )
}
