import { ActionIcon, Group, NumberInput, Select, Stack, Text } from '@mantine/core'
import { useEffect, useState } from 'react'
import { DEFAULT_PRIORITY, PRIORITY_NAMES, type PoolNeed } from '../../../../../shared/capacity'
import { useT } from '../../../i18n/use-t'
import { TrashIcon } from '../../../kit/icons'
import { listPools } from '../../../services/pools'
import { wholeNumber } from './executor-section'
import type { SectionProps } from './section-props'

/** 1…9, each with its name where it has one (HIGHEST, HIGH, NORMAL, LOW, LOWEST). */
const PRIORITIES = Array.from({ length: 9 }, (_, i) => {
  const value = i + 1
  const name = Object.entries(PRIORITY_NAMES).find(([, n]) => n === value)?.[0]
  return { value: String(value), label: name ? `${value} (${name})` : String(value) }
})

/**
 * The job's pools (each with its slots), the priority of its waiting runs and its maxConcurrent
 * (docs/capacity.md). Pools are picked from those the server has; the server checks them again.
 */
export function CapacitySection({ draft, setField, errors }: SectionProps) {
  const t = useT()
  const [poolNames, setPoolNames] = useState<string[]>([])
  useEffect(() => {
    listPools().then(
      (pools) => setPoolNames(pools.map((p) => p.name)),
      () => setPoolNames([]),
    )
  }, [])
  const needs = draft.pools ?? []
  const setNeeds = (next: PoolNeed[]) => setField('pools', next)
  const unused = poolNames.filter((name) => !needs.some((n) => n.name === name))

  return (
    <Stack gap="xs" data-testid="capacity-section">
      <Text size="sm" fw={500}>
        {t('editor.pools')}
      </Text>
      <Text size="xs" c="dimmed">
        {t('editor.poolsHint')}
      </Text>
      {needs.map((need, index) => (
        <Group key={need.name} gap="xs" data-testid={`field-pool-${need.name}`}>
          <Text size="sm" w={160}>
            {need.name}
          </Text>
          <NumberInput
            aria-label={t('editor.poolSlots')}
            min={1}
            max={10_000}
            allowDecimal={false}
            w={100}
            value={need.slots}
            onChange={(value) => setNeeds(needs.map((n, i) => (i === index ? { ...n, slots: Math.max(1, wholeNumber(value)) } : n)))}
          />
          <Text size="xs" c="dimmed">
            {t('editor.poolSlots')}
          </Text>
          <ActionIcon variant="subtle" color="red" aria-label={t('common.delete')} onClick={() => setNeeds(needs.filter((_, i) => i !== index))}>
            <TrashIcon size={14} />
          </ActionIcon>
        </Group>
      ))}
      {unused.length > 0 && (
        <Select
          w={240}
          placeholder={t('editor.addPool')}
          data={unused}
          value={null}
          onChange={(name) => name && setNeeds([...needs, { name, slots: 1 }])}
          data-testid="field-pools-add"
        />
      )}
      {errors.pools && (
        <Text size="xs" c="red">
          {errors.pools}
        </Text>
      )}
      <Group grow align="flex-start">
        <Select
          label={t('editor.priority')}
          description={t('editor.priorityHint')}
          data={PRIORITIES}
          value={String(draft.priority ?? DEFAULT_PRIORITY)}
          onChange={(value) => value && setField('priority', Number(value))}
          allowDeselect={false}
          error={errors.priority}
          data-testid="field-priority"
        />
        <NumberInput
          label={t('editor.maxConcurrent')}
          description={t('editor.maxConcurrentHint')}
          min={0}
          max={10_000}
          allowDecimal={false}
          value={draft.maxConcurrent ?? 0}
          onChange={(value) => setField('maxConcurrent', wholeNumber(value))}
          error={errors.maxConcurrent}
          data-testid="field-maxConcurrent"
        />
      </Group>
    </Stack>
  )
}
