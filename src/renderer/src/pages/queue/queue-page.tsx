import { Alert, Badge, Button, Group, Select, Stack, Table, Text, Title } from '@mantine/core'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { limitKind, type QueuedRunView } from '../../../../shared/capacity'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { RunLink } from '../../components/run-link'
import { useJobsOf } from '../../components/use-jobs-of'
import { useErrorText, useLanguage, useT, type Translate } from '../../i18n/use-t'
import { notifySuccess } from '../../kit/notify'
import { formatDateTime } from '../../lib/format/format-time'
import { cancelQueued, listQueue, startQueuedNow } from '../../services/pools'
import { useJobDesk } from '../../store'
import { selectIsAdmin } from '../../store/session/selectors'
import { PoolsSection } from './pools-section'

/** How often the page reads the queue again while shown: runs join and leave it every second. */
const REFRESH_MS = 2000

/**
 * What waits for slots, per pool, in the order it starts (priority, then scheduled time), with its
 * place, since when and why; whoever operates a run's group cancels it, an admin starts it now
 * past its pools. Below, the pools with their usage (admins manage them).
 */
export function QueuePage() {
  const t = useT()
  const language = useLanguage()
  const errorText = useErrorText()
  const isAdmin = useJobDesk(selectIsAdmin)
  const [queue, setQueue] = useState<QueuedRunView[]>([])
  const [pool, setPool] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [startingNow, setStartingNow] = useState<QueuedRunView | null>(null)
  const { jobsById } = useJobsOf(useMemo(() => queue.map((q) => q.jobId), [queue]))

  const refresh = useCallback(
    () =>
      listQueue({}).then(
        (list) => {
          setQueue(list)
          setError(null)
        },
        (failure: unknown) => setError(errorText(failure)),
      ),
    [errorText],
  )
  useEffect(() => {
    void refresh()
    const timer = setInterval(() => void refresh(), REFRESH_MS)
    return () => clearInterval(timer)
  }, [refresh])

  const act = async (work: () => Promise<void>, done: () => void) => {
    try {
      await work()
      done()
      await refresh()
    } catch (failure) {
      setError(errorText(failure))
    }
  }
  const pools = [...new Set(queue.map((q) => q.pool))].sort()
  const shown = pool === null ? queue : queue.filter((q) => q.pool === pool)

  return (
    <Stack gap="md" className="jd-page jd-page-scroll" data-testid="page-queue">
      <Title order={2}>{t('queue.title')}</Title>
      <Group justify="space-between" align="flex-end">
        <Text size="sm" c="dimmed">
          {t('queue.hint')}
        </Text>
        <Select
          label={t('queue.pool')}
          placeholder={t('queue.allPools')}
          clearable
          value={pool}
          onChange={setPool}
          data={pools.map((name) => ({ value: name, label: poolLabel(t, name) }))}
          data-testid="queue-pool-filter"
        />
      </Group>
      {error && <Alert color="red">{error}</Alert>}
      {shown.length === 0 ? (
        <Text c="dimmed" data-testid="queue-empty">
          {t('queue.empty')}
        </Text>
      ) : (
        <Table striped data-testid="queue-list">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('queue.col.pool')}</Table.Th>
              <Table.Th>{t('queue.col.position')}</Table.Th>
              <Table.Th>{t('queue.col.run')}</Table.Th>
              <Table.Th>{t('queue.col.job')}</Table.Th>
              <Table.Th>{t('queue.col.priority')}</Table.Th>
              <Table.Th>{t('queue.col.since')}</Table.Th>
              <Table.Th>{t('queue.col.why')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((q) => (
              <Table.Tr key={`${q.runId}-${q.pool}`} data-testid="queue-row" data-run={q.runId} data-pool={q.pool}>
                <Table.Td>{poolLabel(t, q.pool)}</Table.Td>
                <Table.Td data-testid="queue-position">{q.position}</Table.Td>
                <Table.Td>
                  <RunLink runId={q.runId} />
                </Table.Td>
                <Table.Td>{jobsById.get(q.jobId)?.name ?? `#${q.jobId}`}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={q.priority <= 3 ? 'red' : q.priority >= 7 ? 'gray' : 'blue'} data-testid="queue-priority">
                    {q.priority}
                  </Badge>
                </Table.Td>
                <Table.Td>{formatDateTime(q.waitingSinceMs)}</Table.Td>
                <Table.Td>{t(`queue.why.${q.why}`)}</Table.Td>
                <Table.Td>
                  <Group gap="xs" justify="flex-end" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="default"
                      color="red"
                      data-testid="queue-cancel"
                      onClick={() =>
                        void act(
                          () => cancelQueued({ runId: q.runId }),
                          () => notifySuccess(language, 'queue.cancelled', { id: q.runId }),
                        )
                      }
                    >
                      {t('queue.cancel')}
                    </Button>
                    {isAdmin && (
                      <Button size="xs" variant="default" onClick={() => setStartingNow(q)} data-testid="queue-start-now">
                        {t('queue.startNow')}
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {startingNow && (
        <ConfirmDialog
          opened
          title={t('queue.startNowTitle', { id: startingNow.runId })}
          confirmLabel={t('queue.startNow')}
          confirmTestId="queue-start-now-confirm"
          onConfirm={() => {
            const target = startingNow
            setStartingNow(null)
            void act(
              () => startQueuedNow({ runId: target.runId }),
              () => notifySuccess(language, 'queue.started', { id: target.runId }),
            )
          }}
          onCancel={() => setStartingNow(null)}
        >
          {t('queue.startNowHint')}
        </ConfirmDialog>
      )}
      <PoolsSection />
    </Stack>
  )
}

/** A pool's name, or what a job's or a group's own limit is. */
function poolLabel(t: Translate, name: string): string {
  const kind = limitKind(name)
  const id = name.split(':')[1]
  if (kind === 'job') return t('queue.limit.job', { id })
  if (kind === 'group' || kind === 'address') return t('queue.limit.group', { id })
  return name
}
