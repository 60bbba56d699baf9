import { Alert, Button, Checkbox, Group, NumberInput, ScrollArea, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core'
import { useState } from 'react'
import {
  BACKFILL_DEFAULT_MAX_SLOTS,
  BACKFILL_MAX_CONCURRENCY,
  BACKFILL_MAX_SLOTS_CEILING,
  BACKFILL_ORDERS,
  type BackfillOrder,
  type BackfillTarget,
} from '../../../../shared/backfill'
import { useErrorText, useT } from '../../i18n/use-t'
import { defaultRange, localInputMs } from '../../lib/backfill/backfill-form'
import { formatDateTime } from '../../lib/format/format-time'
import { startBackfill } from '../../services/backfills'

/** Slots a preview lists; the rest are counted. */
const PREVIEW_SHOWN = 200

/**
 * A new backfill: the range in this computer's zone, how many at once, which end first, only the
 * missing slots, and a cap above the default. "Preview slots" asks for a dry run (nothing is
 * written); Start starts it, and the dialog follows it (`onStarted`).
 */
export function BackfillForm({ target, onStarted }: { target: BackfillTarget; onStarted: (backfillId: number) => void }) {
  const t = useT()
  const errorText = useErrorText()
  const [range, setRange] = useState(() => defaultRange(Date.now()))
  const [concurrency, setConcurrency] = useState(1)
  const [order, setOrder] = useState<BackfillOrder>('OLDEST_FIRST')
  const [onlyMissing, setOnlyMissing] = useState(false)
  const [maxSlots, setMaxSlots] = useState<number | ''>('')
  const [preview, setPreview] = useState<number[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState<'preview' | 'start' | null>(null)
  const fromMs = localInputMs(range.from)
  const toMs = localInputMs(range.to)

  const submit = async (dryRun: boolean) => {
    if (fromMs === null || toMs === null) return
    setBusy(dryRun ? 'preview' : 'start')
    setError(null)
    try {
      const started = await startBackfill({
        ...target,
        from: fromMs,
        to: toMs,
        concurrency,
        order,
        onlyMissing,
        dryRun,
        ...(maxSlots === '' ? {} : { maxSlots }),
      })
      if (dryRun) setPreview(started.slots)
      else onStarted(started.backfillId)
    } catch (failure) {
      setPreview(null)
      setError(errorText(failure))
    } finally {
      setBusy(null)
    }
  }
  // A preview stands for the options it was asked with.
  const change =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value)
      setPreview(null)
    }

  return (
    <Stack gap="sm" data-testid="backfill-form">
      <Text size="sm" c="dimmed">
        {t('backfill.hint')}
      </Text>
      <SimpleGrid cols={2}>
        {(['from', 'to'] as const).map((end) => (
          <TextInput
            key={end}
            type="datetime-local"
            label={t(end === 'from' ? 'backfill.from' : 'backfill.to')}
            description={t('backfill.rangeHint')}
            value={range[end]}
            onChange={(event) => change(setRange)({ ...range, [end]: event.currentTarget.value })}
            error={localInputMs(range[end]) === null ? t('backfill.badTime') : undefined}
            data-testid={`backfill-${end}`}
          />
        ))}
        <NumberInput
          label={t('backfill.concurrency')}
          min={1}
          max={BACKFILL_MAX_CONCURRENCY}
          allowDecimal={false}
          value={concurrency}
          onChange={(value) => change(setConcurrency)(typeof value === 'number' ? value : 1)}
          data-testid="backfill-concurrency"
        />
        <NumberInput
          label={t('backfill.maxSlots')}
          description={t('backfill.maxSlotsHint')}
          placeholder={String(BACKFILL_DEFAULT_MAX_SLOTS)}
          min={1}
          max={BACKFILL_MAX_SLOTS_CEILING}
          allowDecimal={false}
          value={maxSlots}
          onChange={(value) => change(setMaxSlots)(typeof value === 'number' ? value : '')}
          data-testid="backfill-max-slots"
        />
      </SimpleGrid>
      <Group gap="lg">
        <div>
          <Text size="sm" fw={500}>
            {t('backfill.order')}
          </Text>
          <SegmentedControl
            size="xs"
            value={order}
            onChange={(value) => change(setOrder)(value as BackfillOrder)}
            data={BACKFILL_ORDERS.map((value) => ({ value, label: t(`backfill.order.${value}`) }))}
            data-testid="backfill-order"
          />
        </div>
        <Checkbox
          mt="lg"
          label={t('backfill.onlyMissing')}
          checked={onlyMissing}
          onChange={(event) => change(setOnlyMissing)(event.currentTarget.checked)}
          data-testid="backfill-only-missing"
        />
      </Group>
      {error && (
        <Alert color="red" title={t('backfill.failed')} data-testid="backfill-error">
          {error}
        </Alert>
      )}
      {preview && <SlotPreview slots={preview} />}
      <Group justify="flex-end">
        <Button
          variant="default"
          onClick={() => void submit(true)}
          loading={busy === 'preview'}
          disabled={fromMs === null || toMs === null}
          data-testid="backfill-preview"
        >
          {t('backfill.preview')}
        </Button>
        <Button onClick={() => void submit(false)} loading={busy === 'start'} disabled={fromMs === null || toMs === null} data-testid="backfill-start">
          {t('backfill.start')}
        </Button>
      </Group>
    </Stack>
  )
}

/** The slots of a dry run, in the order they would run. */
function SlotPreview({ slots }: { slots: number[] }) {
  const t = useT()
  if (slots.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="backfill-preview-count">
        {t('backfill.noSlots')}
      </Text>
    )
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} data-testid="backfill-preview-count">
        {t('backfill.slotsFound', { n: slots.length })}
      </Text>
      <ScrollArea.Autosize mah={180} type="auto">
        <Text size="xs" className="jd-mono" data-testid="backfill-preview-slots">
          {slots.slice(0, PREVIEW_SHOWN).map((slot) => (
            <span key={slot} style={{ display: 'block' }}>
              {formatDateTime(slot)}
            </span>
          ))}
          {slots.length > PREVIEW_SHOWN && <span>{t('backfill.moreSlots', { n: slots.length - PREVIEW_SHOWN })}</span>}
        </Text>
      </ScrollArea.Autosize>
    </Stack>
  )
}
