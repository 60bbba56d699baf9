import { Alert, Button, Group, Modal, PasswordInput, Select, Stack, Switch, TextInput } from '@mantine/core'
import { useState } from 'react'
import { ROLES, type Role, type UserInput, type UserView } from '../../../../shared/auth'
import { PASSWORD_MIN_CHARS } from '../../../../shared/password-length'
import { useErrorText, useT } from '../../i18n/use-t'
import { GroupPicker } from './group-picker'

/** Creates (with a first password the user replaces at first sign-in) or edits a user. */
export function UserEditor({ user, onSave, onClose }: { user: UserView | null; onSave(input: UserInput): Promise<void>; onClose(): void }) {
  const t = useT()
  const errorText = useErrorText()
  const [name, setName] = useState(user?.name ?? '')
  const [role, setRole] = useState<Role>(user?.role ?? 'viewer')
  const [groupIds, setGroupIds] = useState<number[]>(user?.groupIds ?? [])
  const [disabled, setDisabled] = useState(user?.disabled ?? false)
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const save = async () => {
    setBusy(true)
    setError(null)
    try {
      await onSave({ ...(user ? { id: user.id } : {}), name: name.trim(), role, groupIds, disabled, ...(password ? { password } : {}) })
      onClose()
    } catch (failure) {
      setError(errorText(failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal opened onClose={onClose} title={user ? t('users.editTitle', { name: user.name }) : t('users.newTitle')}>
      <Stack data-testid="user-editor">
        <TextInput label={t('users.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} required data-testid="user-name" />
        <Select
          label={t('users.role')}
          data={ROLES.map((r) => ({ value: r, label: t(`role.${r}`) }))}
          value={role}
          allowDeselect={false}
          onChange={(value) => value && setRole(value as Role)}
          data-testid="user-role"
        />
        <Alert variant="light" color="gray" p="xs">
          {t(`role.hint.${role}`)}
        </Alert>
        <GroupPicker value={groupIds} onChange={setGroupIds} disabled={role === 'admin'} testId="user-groups" />
        {user && user.source !== 'local' ? (
          <Alert variant="light" color="blue" p="xs" data-testid="user-directory-hint">
            {t('users.directoryHint')}
          </Alert>
        ) : (
          <PasswordInput
            label={user ? t('users.newPassword') : t('users.firstPassword')}
            description={t('users.passwordHint', { min: PASSWORD_MIN_CHARS })}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            required={!user}
            autoComplete="new-password"
            data-testid="user-password"
          />
        )}
        {user && <Switch label={t('users.disabled')} checked={disabled} onChange={(e) => setDisabled(e.currentTarget.checked)} data-testid="user-disabled" />}
        {error && (
          <Alert color="red" data-testid="user-error">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void save()} loading={busy} data-testid="user-save">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
