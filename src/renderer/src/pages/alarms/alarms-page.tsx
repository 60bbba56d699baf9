import { Button, Group, Select, Table, Text, Title } from '@mantine/core'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { ALARM_LIST_MAX_ROWS, ALARM_STATES, type AlarmEntry, type AlarmState } from '../../../../shared/alarm-list'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { JobSelect } from '../../components/job-select'
import { useJobsOf } from '../../components/use-jobs-of'
import { useErrorText, useLanguage, useT } from '../../i18n/use-t'
import { notifications } from '@mantine/notifications'
import { ERROR_TOAST_MS, notifyError } from '../../kit/notify'
import { listAlarms, resendAlarm } from '../../services/run-views'
import { useJobDesk } from '../../store'
import { operatesGroup, selectSession } from '../../store/session/selectors'
import { AlarmRow } from './alarm-row'

const DAY_MS = 86_400_000
const PERIODS = { '1d': DAY_MS, '7d': 7 * DAY_MS, '30d': 30 * DAY_MS } as const
type Period = keyof typeof PERIODS

/**
 * Every alarm of a job run, newest first: sent, failed, folded or suppressed, with each channel's
 * delivery; filtered by period, job and state; "Send again" (confirmed) for an operator of the job's group.
 */
export function AlarmsPage() {
  const t = useT()
  const language = useLanguage()
  const errorText = useErrorText()
  const session = useJobDesk(selectSession)
  const [period, setPeriod] = useState<Period>('1d')
  const [state, setState] = useState<AlarmState | null>(null)
  const [jobId, setJobId] = useState<number | null>(null)
  const [alarms, setAlarms] = useState<AlarmEntry[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [reads, setReads] = useState(0)
  const [asked, setAsked] = useState<AlarmEntry | null>(null)
  // The dialog's words stay while it fades out after an answer.
  const [shownInDialog, setShownInDialog] = useState<AlarmEntry | null>(null)
  const { jobsById } = useJobsOf(useMemo(() => [...new Set((alarms ?? []).map((a) => a.jobId))], [alarms]))

  useEffect(() => {
    let current = true
    const to = Date.now() + 1000
    listAlarms({ from: to - PERIODS[period], to, ...(jobId !== null ? { jobId } : {}), ...(state ? { state } : {}) }).then(
      (list) => current && (setAlarms(list), setError(null)),
      (failure: unknown) => current && setError(errorText(failure)),
    )
    return () => {
      current = false
    }
  }, [period, state, jobId, reads, errorText])

  const resend = useCallback(
    async (entry: AlarmEntry) => {
      setAsked(null)
      try {
        const resent = await resendAlarm({ id: entry.id })
        const done = t('alarms.resendDone', { state: t(`alarms.state.${resent.state}`) })
        // A resend that failed on a channel says so in red: the row below tells which and why.
        notifications.show({ color: resent.state === 'sent' ? 'teal' : 'red', message: done, autoClose: resent.state === 'sent' ? 3000 : ERROR_TOAST_MS })
      } catch (failure) {
        notifyError(language, 'alarms.resend', failure)
      }
      setReads((n) => n + 1)
    },
    [language, t],
  )

  return (
    <div className="jd-page jd-page-scroll" data-testid="page-alarms">
      <Title order={2}>{t('alarms.title')}</Title>
      <Text size="sm" c="dimmed">
        {t('alarms.hint')}
      </Text>
      <Group gap="sm" align="flex-end">
        <Select
          w={160}
          label={t('alarms.period')}
          data={(Object.keys(PERIODS) as Period[]).map((value) => ({ value, label: t(`alarms.period.${value}`) }))}
          value={period}
          allowDeselect={false}
          onChange={(value) => value && setPeriod(value as Period)}
          data-testid="alarms-period"
        />
        <Select
          w={160}
          label={t('alarms.state')}
          placeholder={t('alarms.anyState')}
          clearable
          data={ALARM_STATES.map((value) => ({ value, label: t(`alarms.state.${value}`) }))}
          value={state}
          onChange={(value) => setState(value as AlarmState | null)}
          data-testid="alarms-state"
        />
        <JobSelect w={260} label={t('alarms.job')} placeholder={t('alarms.anyJob')} clearable value={jobId} onPick={(job) => setJobId(job?.id ?? null)} />
        <Button variant="default" onClick={() => setReads((n) => n + 1)} data-testid="alarms-refresh">
          {t('alarms.refresh')}
        </Button>
      </Group>
      {error ? (
        <Text c="red">{error}</Text>
      ) : alarms === null ? null : alarms.length === 0 ? (
        <Text c="dimmed" data-testid="alarms-empty">
          {t('alarms.empty')}
        </Text>
      ) : (
        <>
          <Table highlightOnHover data-testid="alarms-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('alarms.col.time')}</Table.Th>
                <Table.Th>{t('alarms.col.job')}</Table.Th>
                <Table.Th>{t('alarms.col.run')}</Table.Th>
                <Table.Th>{t('alarms.col.kind')}</Table.Th>
                <Table.Th>{t('alarms.col.state')}</Table.Th>
                <Table.Th>{t('alarms.col.channels')}</Table.Th>
                <Table.Th>{t('alarms.col.why')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {alarms.map((entry) => (
                <AlarmRow
                  key={entry.id}
                  entry={entry}
                  jobName={jobsById.get(entry.jobId)?.name ?? `#${entry.jobId}`}
                  onResend={operatesGroup(session, entry.jobGroup) ? () => (setAsked(entry), setShownInDialog(entry)) : null}
                />
              ))}
            </Table.Tbody>
          </Table>
          {alarms.length >= ALARM_LIST_MAX_ROWS && (
            <Text size="sm" c="dimmed">
              {t('alarms.truncated', { n: ALARM_LIST_MAX_ROWS })}
            </Text>
          )}
        </>
      )}
      <ConfirmDialog
        opened={asked !== null}
        title={t('alarms.resendTitle')}
        confirmLabel={t('alarms.resend')}
        confirmColor="blue"
        confirmTestId="alarm-resend-confirm"
        onConfirm={() => asked && void resend(asked)}
        onCancel={() => setAsked(null)}
      >
        <Text size="sm">{t('alarms.resendBody', { logId: shownInDialog?.logId ?? 0 })}</Text>
      </ConfirmDialog>
    </div>
  )
}
