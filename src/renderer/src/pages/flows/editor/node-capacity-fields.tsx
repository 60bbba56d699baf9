import { MultiSelect, Select } from '@mantine/core'
import { useEffect, useState } from 'react'
import { PRIORITY_NAMES, type PoolNeed } from '../../../../../shared/capacity'
import { useT } from '../../../i18n/use-t'
import { listPools } from '../../../services/pools'

/** A job node's pools and priority, in place of its job's when set (docs/capacity.md); empty: the job's own. */
export function NodeCapacityFields(props: {
  pools: PoolNeed[] | undefined
  priority: number | undefined
  onChange: (patch: { pools?: PoolNeed[]; priority?: number }) => void
}) {
  const t = useT()
  const { pools, priority, onChange } = props
  const [names, setNames] = useState<string[]>([])
  useEffect(() => {
    listPools().then(
      (list) => setNames(list.map((p) => p.name)),
      () => setNames([]),
    )
  }, [])
  const chosen = (pools ?? []).map((p) => p.name)
  const priorities = [
    { value: '', label: t('flowEditor.asJob') },
    ...Array.from({ length: 9 }, (_, i) => {
      const name = Object.entries(PRIORITY_NAMES).find(([, n]) => n === i + 1)?.[0]
      return { value: String(i + 1), label: name ? `${i + 1} (${name})` : String(i + 1) }
    }),
  ]
  return (
    <>
      <MultiSelect
        label={t('flowEditor.nodePools')}
        description={t('flowEditor.nodePoolsHint')}
        data={[...new Set([...names, ...chosen])]}
        value={chosen}
        // A pool kept keeps its slots; a new one holds one.
        onChange={(next) => onChange({ pools: next.length === 0 ? undefined : next.map((name) => pools?.find((p) => p.name === name) ?? { name, slots: 1 }) })}
        data-testid="flow-node-pools"
      />
      <Select
        label={t('editor.priority')}
        data={priorities}
        value={priority === undefined ? '' : String(priority)}
        onChange={(value) => onChange({ priority: value ? Number(value) : undefined })}
        allowDeselect={false}
        data-testid="flow-node-priority"
      />
    </>
  )
}
