import { Alert, Badge, Button, Group, Progress, ScrollArea, Stack, Table, Text } from '@mantine/core'
import { useCallback, useEffect, useState } from 'react'
import type { BackfillSlotState, BackfillState, BackfillView } from '../../../../shared/backfill'
import { RunLink } from '../../components/run-link'
import { useErrorText, useT } from '../../i18n/use-t'
import { endedPercent, stillMoving } from '../../lib/backfill/backfill-form'
import { formatDateTime } from '../../lib/format/format-time'
import { cancelBackfill, getBackfill, pauseBackfill, resumeBackfill } from '../../services/backfills'

/** How often a backfill that still moves is read again while it is shown. */
const FOLLOW_MS = 1000
/** Slots listed; a longer backfill says how many more it has. */
const SLOTS_SHOWN = 500

const STATE_COLORS: Record<BackfillState, string> = { running: 'blue', paused: 'orange', done: 'teal', cancelled: 'gray' }
const SLOT_COLORS: Record<BackfillSlotState, string> = { pending: 'gray', running: 'blue', done: 'teal', failed: 'red', cancelled: 'gray' }

/**
 * One backfill as it goes: a bar of the slots that ended, the counts, its slots with their states
 * and runs, and pause, resume and cancel for who may act on it. Read again every second while it
 * still moves.
 */
export function BackfillProgress({
  id,
  operates,
  onOpenRun,
  onRead,
}: {
  id: number
  operates: boolean
  onOpenRun: () => void
  /** Told of each read: the dialog's list of backfills shows the same progress. */
  onRead?: (view: BackfillView) => void
}) {
  const t = useT()
  const errorText = useErrorText()
  const [view, setView] = useState<BackfillView | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const read = useCallback(async () => {
    try {
      const read = await getBackfill({ id, slotLimit: SLOTS_SHOWN })
      setView(read)
      onRead?.(read)
    } catch (failure) {
      setError(errorText(failure))
    }
  }, [id, errorText, onRead])
  useEffect(() => {
    void read()
  }, [read])
  const moving = view !== null && stillMoving(view)
  useEffect(() => {
    if (!moving) return
    const timer = setInterval(() => void read(), FOLLOW_MS)
    return () => clearInterval(timer)
  }, [moving, read])

  const steer = async (action: typeof pauseBackfill) => {
    setBusy(true)
    setError(null)
    try {
      await action({ id })
      await read()
    } catch (failure) {
      setError(errorText(failure))
    } finally {
      setBusy(false)
    }
  }

  if (view === null) return error ? <Alert color="red">{error}</Alert> : null
  return (
    <Stack gap="sm" data-testid="backfill-progress" data-state={view.state}>
      <Group justify="space-between">
        <Group gap="xs">
          <Text fw={600}>{t('backfill.heading', { id: view.id })}</Text>
          <Badge color={STATE_COLORS[view.state]} data-testid="backfill-state">
            {t(`backfill.state.${view.state}`)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {t('backfill.range', { from: formatDateTime(view.from), to: formatDateTime(view.to) })}
        </Text>
      </Group>
      <Progress value={endedPercent(view)} color={view.failed > 0 ? 'orange' : 'teal'} animated={view.state === 'running'} data-testid="backfill-bar" />
      <Text size="sm" data-testid="backfill-counts">
        {t('backfill.counts', { done: view.done, total: view.total, failed: view.failed, running: view.running, pending: view.pending })}
      </Text>
      <Text size="xs" c="dimmed">
        {t('backfill.by', { by: view.createdBy, n: view.concurrency, order: t(`backfill.order.${view.order}`) })}
      </Text>
      {error && (
        <Alert color="red" title={t('backfill.failed')}>
          {error}
        </Alert>
      )}
      {operates && (view.state === 'running' || view.state === 'paused') && (
        <Group gap="xs">
          {view.state === 'running' ? (
            <Button size="xs" variant="default" loading={busy} onClick={() => void steer(pauseBackfill)} data-testid="backfill-pause">
              {t('backfill.pause')}
            </Button>
          ) : (
            <Button size="xs" variant="default" loading={busy} onClick={() => void steer(resumeBackfill)} data-testid="backfill-resume">
              {t('backfill.resume')}
            </Button>
          )}
          <Button
            size="xs"
            variant="light"
            color="red"
            loading={busy}
            title={t('backfill.cancelHint')}
            onClick={() => void steer(cancelBackfill)}
            data-testid="backfill-cancel"
          >
            {t('backfill.cancel')}
          </Button>
        </Group>
      )}
      <ScrollArea.Autosize mah={260} type="auto">
        <Table striped withRowBorders={false} verticalSpacing={2} data-testid="backfill-slots">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('backfill.slot')}</Table.Th>
              <Table.Th>{t('backfill.slotState')}</Table.Th>
              <Table.Th>{t('backfill.run')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {view.slots.map((slot) => (
              <Table.Tr key={slot.slot} data-testid="backfill-slot" data-state={slot.state}>
                <Table.Td className="jd-mono">{formatDateTime(slot.slot)}</Table.Td>
                <Table.Td>
                  <Badge size="sm" variant="light" color={SLOT_COLORS[slot.state]}>
                    {t(`backfill.slotState.${slot.state}`)}
                  </Badge>
                </Table.Td>
                {/* A flow's slot names its flow run, which the flow's page shows; a job's links to its run. */}
                <Table.Td>{slot.runId === 0 ? '' : 'jobId' in view ? <RunLink runId={slot.runId} onOpen={onOpenRun} size="sm" /> : `#${slot.runId}`}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      {view.total > view.slots.length && (
        <Text size="xs" c="dimmed">
          {t('backfill.slotsShown', { shown: view.slots.length, total: view.total })}
        </Text>
      )}
    </Stack>
  )
}
