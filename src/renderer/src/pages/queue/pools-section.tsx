import { Alert, Button, Group, Progress, Stack, Table, Text, Title } from '@mantine/core'
import { useCallback, useEffect, useState } from 'react'
import type { PoolUsage } from '../../../../shared/capacity'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { useErrorText, useLanguage, useT } from '../../i18n/use-t'
import { notifySuccess } from '../../kit/notify'
import { listPools, removePool } from '../../services/pools'
import { useJobDesk } from '../../store'
import { selectIsAdmin } from '../../store/session/selectors'
import { PoolEditor } from './pool-editor'
import { RowActions } from '../../components/row-actions'

/** The resource pools with their slots in use and their waiting runs; admins add, edit and remove them. */
export function PoolsSection() {
  const t = useT()
  const language = useLanguage()
  const errorText = useErrorText()
  const isAdmin = useJobDesk(selectIsAdmin)
  const [pools, setPools] = useState<PoolUsage[]>([])
  const [error, setError] = useState<string | null>(null)
  const [editing, setEditing] = useState<PoolUsage | 'new' | null>(null)
  const [removing, setRemoving] = useState<PoolUsage | null>(null)

  const refresh = useCallback(
    () =>
      listPools().then(
        (list) => {
          setPools(list)
          setError(null)
        },
        (failure: unknown) => setError(errorText(failure)),
      ),
    [errorText],
  )
  useEffect(() => void refresh(), [refresh])

  const remove = async (target: PoolUsage) => {
    setRemoving(null)
    try {
      await removePool({ name: target.name })
      notifySuccess(language, 'pools.removed', { name: target.name })
      await refresh()
    } catch (failure) {
      setError(errorText(failure))
    }
  }

  return (
    <Stack gap="sm" data-testid="pools-section">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={3}>{t('pools.title')}</Title>
          <Text size="sm" c="dimmed">
            {t('pools.hint')}
          </Text>
        </div>
        {isAdmin && (
          <Button size="xs" onClick={() => setEditing('new')} data-testid="pool-new">
            {t('pools.new')}
          </Button>
        )}
      </Group>
      {error && (
        <Alert color="red" data-testid="pools-error">
          {error}
        </Alert>
      )}
      {pools.length === 0 ? (
        <Text c="dimmed">{t('pools.empty')}</Text>
      ) : (
        <Table data-testid="pools-list">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('pools.name')}</Table.Th>
              <Table.Th>{t('pools.col.usage')}</Table.Th>
              <Table.Th>{t('pools.col.waiting')}</Table.Th>
              <Table.Th>{t('pools.description')}</Table.Th>
              {isAdmin && <Table.Th />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {pools.map((pool) => (
              <Table.Tr key={pool.name} data-testid={`pool-${pool.name}`}>
                <Table.Td>{pool.name}</Table.Td>
                <Table.Td miw={160}>
                  <Text size="xs">{t('pools.usage', { held: pool.held, slots: pool.slots })}</Text>
                  <Progress value={Math.min(100, (pool.held / pool.slots) * 100)} color={pool.held >= pool.slots ? 'orange' : 'teal'} size="sm" />
                </Table.Td>
                <Table.Td>{pool.waiting}</Table.Td>
                <Table.Td>{pool.description}</Table.Td>
                {isAdmin && (
                  <Table.Td>
                    <RowActions onEdit={() => setEditing(pool)} onRemove={() => setRemoving(pool)} testId="pool" />
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {editing !== null && (
        <PoolEditor
          editing={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null)
            notifySuccess(language, 'pools.saved', { name: saved.name })
            void refresh()
          }}
        />
      )}
      {removing && (
        <ConfirmDialog
          opened
          title={t('pools.removeTitle', { name: removing.name })}
          confirmLabel={t('common.delete')}
          confirmTestId="pool-remove-confirm"
          onConfirm={() => void remove(removing)}
          onCancel={() => setRemoving(null)}
        >
          {t('pools.removeHint')}
        </ConfirmDialog>
      )}
    </Stack>
  )
}
