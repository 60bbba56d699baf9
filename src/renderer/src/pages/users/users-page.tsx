import { Alert, Badge, Button, Code, Group, Stack, Table, Text, Title } from '@mantine/core'
import { useCallback, useEffect, useState } from 'react'
import type { UserInput, UserView } from '../../../../shared/auth'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { useErrorText, useT } from '../../i18n/use-t'
import { formatDateTime } from '../../lib/format/format-time'
import { useJobDesk } from '../../store'
import { selectUsers } from '../../store/users/selectors'
import { UserEditor } from './user-editor'

/** Admins: the users of this server, their roles and groups; create, edit, reset a password, delete. */
export function UsersPage() {
  const t = useT()
  const errorText = useErrorText()
  const groups = useJobDesk((s) => s.groups)
  const users = useJobDesk(selectUsers)
  const fetchUsers = useJobDesk((s) => s.fetchUsers)
  const saveUser = useJobDesk((s) => s.saveUser)
  const resetUserPassword = useJobDesk((s) => s.resetUserPassword)
  const deleteUser = useJobDesk((s) => s.deleteUser)
  const [error, setError] = useState<string | null>(null)
  const [editing, setEditing] = useState<UserView | 'new' | null>(null)
  const [deleting, setDeleting] = useState<UserView | null>(null)
  const [oneTime, setOneTime] = useState<{ name: string; password: string } | null>(null)

  const refresh = useCallback(() => {
    fetchUsers().then(
      () => setError(null),
      (failure: unknown) => setError(errorText(failure)),
    )
  }, [fetchUsers, errorText])
  useEffect(refresh, [refresh])

  const groupName = (id: number) => groups.find((g) => g.id === id)?.name ?? `#${id}`
  const save = async (input: UserInput) => {
    await saveUser(input)
    refresh()
  }
  const reset = async (user: UserView) => {
    try {
      setOneTime({ name: user.name, password: await resetUserPassword(user.id) })
      refresh()
    } catch (failure) {
      setError(errorText(failure))
    }
  }

  return (
    <div className="jd-page jd-page-scroll" data-testid="page-users">
      <Group justify="space-between">
        <Title order={2}>{t('users.title')}</Title>
        <Button size="xs" onClick={() => setEditing('new')} data-testid="user-new">
          {t('users.new')}
        </Button>
      </Group>
      {error && (
        <Alert color="red" data-testid="users-error">
          {error}
        </Alert>
      )}
      {oneTime && (
        <Alert color="orange" withCloseButton onClose={() => setOneTime(null)} data-testid="user-one-time-password">
          <Stack gap={4}>
            <Text size="sm">{t('users.oneTimePassword', { name: oneTime.name })}</Text>
            <Code>{oneTime.password}</Code>
          </Stack>
        </Alert>
      )}
      <Table striped data-testid="users-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('users.name')}</Table.Th>
            <Table.Th>{t('users.source')}</Table.Th>
            <Table.Th>{t('users.role')}</Table.Th>
            <Table.Th>{t('users.groups')}</Table.Th>
            <Table.Th>{t('users.updated')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.id} data-testid="user-row" data-name={user.name}>
              <Table.Td>
                <Group gap={6}>
                  {user.name}
                  {user.disabled && <Badge color="gray">{t('users.disabledBadge')}</Badge>}
                  {user.mustChangePassword && <Badge color="orange">{t('users.mustChange')}</Badge>}
                </Group>
              </Table.Td>
              <Table.Td data-testid="user-source" data-source={user.source} title={user.source === 'local' ? undefined : t('users.directoryHint')}>
                {t(`users.source.${user.source}`)}
              </Table.Td>
              <Table.Td>{t(`role.${user.role}`)}</Table.Td>
              <Table.Td>{user.role === 'admin' ? t('users.allGroups') : user.groupIds.map(groupName).join(', ') || t('common.none')}</Table.Td>
              <Table.Td>{formatDateTime(user.updateTimeMs)}</Table.Td>
              <Table.Td>
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <Button size="compact-xs" variant="subtle" onClick={() => setEditing(user)} data-testid="user-edit">
                    {t('common.edit')}
                  </Button>
                  {user.source === 'local' && (
                    <Button size="compact-xs" variant="subtle" onClick={() => void reset(user)} data-testid="user-reset">
                      {t('users.resetPassword')}
                    </Button>
                  )}
                  <Button size="compact-xs" variant="subtle" color="red" onClick={() => setDeleting(user)} data-testid="user-delete">
                    {t('common.delete')}
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {editing && <UserEditor user={editing === 'new' ? null : editing} onSave={save} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('users.deleteTitle', { name: deleting?.name ?? '' })}
        confirmLabel={t('common.delete')}
        confirmTestId="user-delete-confirm"
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const user = deleting!
          setDeleting(null)
          deleteUser(user.id).then(refresh, (failure: unknown) => setError(errorText(failure)))
        }}
      >
        <Text size="sm">{t('users.deleteBody')}</Text>
      </ConfirmDialog>
    </div>
  )
}
