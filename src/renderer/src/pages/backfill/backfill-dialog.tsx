import { Badge, Button, Divider, Group, Modal, Stack, Text, UnstyledButton } from '@mantine/core'
import { useCallback, useEffect, useState } from 'react'
import type { BackfillSummary, BackfillTarget, BackfillView } from '../../../../shared/backfill'
import { useLanguage, useT } from '../../i18n/use-t'
import { formatCount, formatDateTime } from '../../lib/format/format-time'
import { listBackfills } from '../../services/backfills'
import { BackfillForm } from './backfill-form'
import { BackfillProgress } from './backfill-progress'

/** What a Backfill dialog is for: a job or a flow, by name, and whether the caller may start one. */
export type BackfillSubject = BackfillTarget & { name: string; operates: boolean }

/** Earlier backfills listed, newest first. */
const EARLIER_SHOWN = 10

/**
 * A job's or a flow's Backfill dialog (from its actions): its earlier backfills, a new one's form
 * with "Preview slots", and the progress of the one picked or just started.
 */
export function BackfillDialog({ subject, onClose }: { subject: BackfillSubject | null; onClose: () => void }) {
  const t = useT()
  return (
    <Modal
      opened={subject !== null}
      onClose={onClose}
      title={subject ? t('backfill.title', { name: subject.name }) : ''}
      size="xl"
      data-testid="backfill-dialog"
    >
      {subject && <BackfillPanel key={'jobId' in subject ? `job ${subject.jobId}` : `flow ${subject.flowId}`} subject={subject} onClose={onClose} />}
    </Modal>
  )
}

function BackfillPanel({ subject, onClose }: { subject: BackfillSubject; onClose: () => void }) {
  const t = useT()
  const language = useLanguage()
  const target: BackfillTarget = 'jobId' in subject ? { jobId: subject.jobId } : { flowId: subject.flowId }
  const [shown, setShown] = useState<number | null>(null)
  const [earlier, setEarlier] = useState<BackfillSummary[]>([])
  // Read again when one is started or picked: the list shows each one's progress as it was then.
  useEffect(() => {
    const of = 'jobId' in subject ? { jobId: subject.jobId } : { flowId: subject.flowId }
    void listBackfills({ ...of, limit: EARLIER_SHOWN }).then(setEarlier, () => setEarlier([]))
  }, [subject, shown])
  const started = (backfillId: number) => setShown(backfillId)
  // The one followed below keeps its entry up to date.
  const followed = useCallback((view: BackfillView) => {
    const { slots: _slots, slotOffset: _offset, ...summary } = view
    setEarlier((list) => list.map((backfill) => (backfill.id === view.id ? summary : backfill)))
  }, [])

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('backfill.earlier', { what: t('jobId' in subject ? 'backfill.what.job' : 'backfill.what.flow') })}
        </Text>
        {earlier.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('backfill.earlierNone')}
          </Text>
        ) : (
          <Group gap="xs" data-testid="backfill-earlier">
            {earlier.map((backfill) => (
              <UnstyledButton key={backfill.id} onClick={() => setShown(backfill.id)} data-testid="backfill-earlier-item">
                <Badge variant={shown === backfill.id ? 'filled' : 'light'} color={backfill.failed > 0 ? 'orange' : 'blue'}>
                  #{backfill.id} · {formatDateTime(backfill.from).slice(0, 10)} · {formatCount(backfill.done, language)}/{formatCount(backfill.total, language)}
                </Badge>
              </UnstyledButton>
            ))}
          </Group>
        )}
      </Stack>
      <Divider />
      {shown === null ? (
        subject.operates ? (
          <BackfillForm target={target} onStarted={started} />
        ) : null
      ) : (
        <Stack gap="sm">
          <BackfillProgress key={shown} id={shown} operates={subject.operates} onOpenRun={onClose} onRead={followed} />
          {subject.operates && (
            <Group justify="flex-end">
              <Button variant="default" size="xs" onClick={() => setShown(null)} data-testid="backfill-new">
                {t('backfill.new')}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Stack>
  )
}
