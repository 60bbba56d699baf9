import { Alert, Button, Group, Modal, PasswordInput, Select, Stack, Text, TextInput } from '@mantine/core'
import { useState } from 'react'
import { useErrorText, useT } from '../../i18n/use-t'
import { setSecret } from '../../services/secrets'

export interface ScopeChoice {
  value: string
  label: string
}

/**
 * Sets a secret's value: a name and scope (fixed when a secret is given), and a password field. The
 * value lives in this dialog's state only until it is sent; nothing reads it back.
 */
export function SetSecretDialog(props: {
  fixed: { name: string; groupId: number | null } | null
  scopes: readonly ScopeChoice[]
  onClose: () => void
  onSaved: (name: string, version: number) => void
}) {
  const t = useT()
  const errorText = useErrorText()
  const { fixed, scopes, onClose, onSaved } = props
  const [name, setName] = useState(fixed?.name ?? '')
  const [scope, setScope] = useState<string | null>(fixed ? scopeValue(fixed.groupId) : (scopes[0]?.value ?? null))
  const [value, setValue] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)

  const save = async () => {
    setSaving(true)
    try {
      const groupId = scope === null || scope === GLOBAL ? null : Number(scope)
      const { version } = await setSecret({ name: name.trim(), groupId, value })
      setValue('')
      onSaved(name.trim(), version)
    } catch (failure) {
      setError(errorText(failure))
    } finally {
      setSaving(false)
    }
  }

  return (
    <Modal opened onClose={onClose} title={fixed ? t('secrets.setTitleOf', { name: fixed.name }) : t('secrets.setTitle')}>
      <Stack gap="sm" data-testid="secret-dialog">
        {error && (
          <Alert color="red" data-testid="secret-error">
            {error}
          </Alert>
        )}
        <TextInput
          label={t('secrets.name')}
          value={name}
          disabled={fixed !== null}
          onChange={(e) => setName(e.currentTarget.value)}
          data-testid="secret-name"
        />
        <Select label={t('secrets.scope')} value={scope} onChange={setScope} disabled={fixed !== null} data={[...scopes]} data-testid="secret-scope" />
        <PasswordInput
          label={t('secrets.value')}
          value={value}
          onChange={(e) => setValue(e.currentTarget.value)}
          autoComplete="new-password"
          data-testid="secret-value"
        />
        <Text size="xs" c="dimmed">
          {t('secrets.valueHint')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void save()} loading={saving} disabled={name.trim() === '' || value === ''} data-testid="secret-save">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}

/** The scope select's value of the global scope (group ids are numbers). */
export const GLOBAL = 'global'

export function scopeValue(groupId: number | null): string {
  return groupId === null ? GLOBAL : String(groupId)
}
