import { Card, Spoiler, Stack, Text } from '@mantine/core'
import { useEffect, useState } from 'react'
import type { MissedSlotView } from '../../../shared/backfill'
import { useErrorText, useT } from '../i18n/use-t'
import { missedSlotLine } from '../lib/calendars/missed-slot-text'
import { listMissedSlots } from '../services/windows'

const WEEK_MS = 7 * 86_400_000
/** Lines listed before "and N more": a week of a job every minute stays readable (three show until opened). */
const SHOWN = 50

/**
 * A job's (or a flow's) slots that did not fire in the last 7 days, newest first, each with why:
 * "03:00 not fired: maintenance window 'patch night'". Read when shown.
 */
export function MissedSlots({ jobId, flowId }: { jobId: number; flowId?: never } | { flowId: number; jobId?: never }) {
  const t = useT()
  const errorText = useErrorText()
  const [slots, setSlots] = useState<MissedSlotView[] | null>(null)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    let current = true
    const toMs = Date.now()
    const request = jobId !== undefined ? { jobId } : { flowId: flowId! }
    listMissedSlots({ ...request, from: toMs - WEEK_MS, to: toMs }).then(
      (list) => current && (setSlots([...list].reverse()), setError(null)),
      (failure: unknown) => current && setError(errorText(failure)),
    )
    return () => {
      current = false
    }
  }, [jobId, flowId, errorText])

  return (
    <Card withBorder padding="xs" data-testid="missed-slots">
      <Text size="sm" fw={600} mb={4}>
        {t('missed.title')}
      </Text>
      {error ? (
        <Text size="sm" c="red">
          {error}
        </Text>
      ) : slots === null ? null : slots.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="missed-none">
          {t('missed.none')}
        </Text>
      ) : (
        <Spoiler maxHeight={66} showLabel={t('missed.showAll', { n: slots.length })} hideLabel={t('missed.showLess')}>
          <Stack gap={2}>
            {slots.slice(0, SHOWN).map((slot) => (
              <Text size="sm" key={slot.slot} data-testid="missed-slot">
                {missedSlotLine(t, slot)}
              </Text>
            ))}
            {slots.length > SHOWN && (
              <Text size="xs" c="dimmed">
                {t('missed.more', { n: slots.length - SHOWN })}
              </Text>
            )}
          </Stack>
        </Spoiler>
      )}
    </Card>
  )
}
