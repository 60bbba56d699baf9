import { Alert, Button, Group, Modal, NumberInput, Stack, TextInput } from '@mantine/core'
import { useState } from 'react'
import type { ResourcePool } from '../../../../shared/capacity'
import { useErrorText, useT } from '../../i18n/use-t'
import { addPool, updatePool } from '../../services/pools'

/** A pool's editor: its name (fixed once made), its slots and what it is. The server checks the rest. */
export function PoolEditor(props: { editing: ResourcePool | null; onClose: () => void; onSaved: (pool: ResourcePool) => void }) {
  const t = useT()
  const errorText = useErrorText()
  const { editing, onClose, onSaved } = props
  const [name, setName] = useState(editing?.name ?? '')
  const [slots, setSlots] = useState<number>(editing?.slots ?? 1)
  const [description, setDescription] = useState(editing?.description ?? '')
  const [error, setError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)

  const save = async () => {
    setSaving(true)
    try {
      const pool = { name: name.trim(), slots, description }
      onSaved(editing ? await updatePool(pool) : await addPool(pool))
    } catch (failure) {
      setError(errorText(failure))
    } finally {
      setSaving(false)
    }
  }

  return (
    <Modal opened onClose={onClose} title={editing ? t('pools.editTitle', { name: editing.name }) : t('pools.newTitle')}>
      <Stack gap="sm" data-testid="pool-editor">
        {error && (
          <Alert color="red" data-testid="pool-error">
            {error}
          </Alert>
        )}
        <TextInput label={t('pools.name')} value={name} disabled={editing !== null} onChange={(e) => setName(e.currentTarget.value)} data-testid="pool-name" />
        <NumberInput label={t('pools.slots')} min={1} max={10_000} value={slots} onChange={(v) => setSlots(Number(v) || 1)} data-testid="pool-slots" />
        <TextInput label={t('pools.description')} value={description} onChange={(e) => setDescription(e.currentTarget.value)} data-testid="pool-description" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void save()} loading={saving} data-testid="pool-save">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
