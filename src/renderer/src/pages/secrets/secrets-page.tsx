import { Alert, Button, Group, Select, Stack, Table, Text, Title } from '@mantine/core'
import { useCallback, useEffect, useMemo, useState } from 'react'
import type { JobGroup } from '../../../../shared/model'
import type { SecretSummary } from '../../../../shared/secrets'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { useErrorText, useLanguage, useT } from '../../i18n/use-t'
import { notifySuccess } from '../../kit/notify'
import { formatDateTime } from '../../lib/format/format-time'
import { listSecretGroups, listSecrets, removeSecret } from '../../services/secrets'
import { useJobDesk } from '../../store'
import { isAdmin, operatesGroup, selectSession } from '../../store/session/selectors'
import { SecretVersionsDialog } from './secret-versions-dialog'
import { GLOBAL, scopeValue, SetSecretDialog, type ScopeChoice } from './set-secret-dialog'

type SecretRef = Pick<SecretSummary, 'name' | 'groupId'>

/**
 * The secrets the caller sees, per group and global (docs/secrets.md): names, who set them and
 * when, their versions. Operators of a group set and remove its secrets, admins the global ones;
 * no value is ever on this page.
 */
export function SecretsPage() {
  const t = useT()
  const language = useLanguage()
  const errorText = useErrorText()
  const session = useJobDesk(selectSession)
  const [secrets, setSecrets] = useState<SecretSummary[]>([])
  const [groups, setGroups] = useState<Omit<JobGroup, 'accessToken'>[]>([])
  const [scope, setScope] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [setting, setSetting] = useState<SecretRef | 'new' | null>(null)
  const [removing, setRemoving] = useState<SecretRef | null>(null)
  const [versionsOf, setVersionsOf] = useState<SecretRef | null>(null)

  const refresh = useCallback(
    () =>
      Promise.all([listSecrets({}), listSecretGroups()]).then(
        ([list, groupList]) => {
          setSecrets(list)
          setGroups(groupList)
          setError(null)
        },
        (failure: unknown) => setError(errorText(failure)),
      ),
    [errorText],
  )
  useEffect(() => void refresh(), [refresh])

  const mayWrite = (groupId: number | null) => (groupId === null ? isAdmin(session) : operatesGroup(session, groupId))
  const groupName = (groupId: number | null) => (groupId === null ? t('secrets.global') : (groups.find((g) => g.id === groupId)?.appName ?? `#${groupId}`))
  const scopes: ScopeChoice[] = useMemo(
    () => [{ value: GLOBAL, label: t('secrets.global') }, ...groups.map((g) => ({ value: String(g.id), label: g.appName }))],
    [groups, t],
  )
  const writableScopes = scopes.filter((s) => mayWrite(s.value === GLOBAL ? null : Number(s.value)))
  const shown = scope === null ? secrets : secrets.filter((s) => scopeValue(s.groupId) === scope)

  const remove = async (target: SecretRef) => {
    setRemoving(null)
    try {
      await removeSecret({ name: target.name, groupId: target.groupId })
      notifySuccess(language, 'secrets.removed', { name: target.name })
      await refresh()
    } catch (failure) {
      setError(errorText(failure))
    }
  }

  return (
    <Stack gap="md" className="jd-page jd-page-scroll" data-testid="page-secrets">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>{t('secrets.title')}</Title>
          <Text size="sm" c="dimmed">
            {t('secrets.hint')}
          </Text>
        </div>
        <Group align="flex-end">
          <Select
            label={t('secrets.scope')}
            placeholder={t('secrets.allScopes')}
            clearable
            value={scope}
            onChange={setScope}
            data={scopes}
            data-testid="secrets-scope-filter"
          />
          {writableScopes.length > 0 && (
            <Button onClick={() => setSetting('new')} data-testid="secret-new">
              {t('secrets.new')}
            </Button>
          )}
        </Group>
      </Group>
      {error && (
        <Alert color="red" data-testid="secrets-error">
          {error}
        </Alert>
      )}
      {shown.length === 0 ? (
        <Text c="dimmed" data-testid="secrets-empty">
          {t('secrets.empty')}
        </Text>
      ) : (
        <Table striped data-testid="secrets-list">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('secrets.col.name')}</Table.Th>
              <Table.Th>{t('secrets.col.scope')}</Table.Th>
              <Table.Th>{t('secrets.col.setBy')}</Table.Th>
              <Table.Th>{t('secrets.col.setAt')}</Table.Th>
              <Table.Th>{t('secrets.col.versions')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((s) => (
              <Table.Tr key={`${s.groupId ?? 0}/${s.name}`} data-testid={`secret-${scopeValue(s.groupId)}-${s.name}`}>
                <Table.Td>{s.name}</Table.Td>
                <Table.Td>{groupName(s.groupId)}</Table.Td>
                <Table.Td>{s.setBy}</Table.Td>
                <Table.Td>{formatDateTime(s.setAtMs)}</Table.Td>
                <Table.Td>{s.versions}</Table.Td>
                <Table.Td>
                  <Group gap="xs" justify="flex-end" wrap="nowrap">
                    <Button size="xs" variant="default" onClick={() => setVersionsOf(s)} data-testid="secret-versions-open">
                      {t('secrets.versions')}
                    </Button>
                    {mayWrite(s.groupId) && (
                      <>
                        <Button size="xs" variant="default" onClick={() => setSetting(s)} data-testid="secret-set">
                          {t('secrets.set')}
                        </Button>
                        <Button size="xs" variant="default" color="red" onClick={() => setRemoving(s)} data-testid="secret-remove">
                          {t('common.delete')}
                        </Button>
                      </>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {setting !== null && (
        <SetSecretDialog
          fixed={setting === 'new' ? null : setting}
          scopes={writableScopes}
          onClose={() => setSetting(null)}
          onSaved={(name, version) => {
            setSetting(null)
            notifySuccess(language, 'secrets.saved', { name, version })
            void refresh()
          }}
        />
      )}
      {versionsOf && <SecretVersionsDialog secret={versionsOf} onClose={() => setVersionsOf(null)} />}
      {removing && (
        <ConfirmDialog
          opened
          title={t('secrets.removeTitle', { name: removing.name })}
          confirmLabel={t('common.delete')}
          confirmTestId="secret-remove-confirm"
          onConfirm={() => void remove(removing)}
          onCancel={() => setRemoving(null)}
        >
          {t('secrets.removeHint')}
        </ConfirmDialog>
      )}
    </Stack>
  )
}
