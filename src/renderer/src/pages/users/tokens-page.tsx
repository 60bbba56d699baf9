import { Alert, Badge, Button, Code, Group, Modal, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core'
import { useCallback, useEffect, useState } from 'react'
import {
  MCP_MODES,
  roleAtLeast,
  ROLES,
  TOKEN_SCOPES,
  type ApiTokenInput,
  type ApiTokenView,
  type McpMode,
  type Role,
  type TokenScope,
} from '../../../../shared/auth'
import { useErrorText, useT } from '../../i18n/use-t'
import { formatDateTime } from '../../lib/format/format-time'
import { useJobDesk } from '../../store'
import { selectApiTokens } from '../../store/api-tokens/selectors'
import { selectSession } from '../../store/session/selectors'
import { GroupPicker } from './group-picker'

const DAY_MS = 86_400_000
const EXPIRIES = ['30', '90', '365', '0'] as const

/** Personal tokens for the OpenAPI or for AI agents (MCP, read or operate): one's own (all for admins); the secret is shown once. */
export function TokensPage() {
  const t = useT()
  const errorText = useErrorText()
  const session = useJobDesk(selectSession)
  const tokens = useJobDesk(selectApiTokens)
  const fetchApiTokens = useJobDesk((s) => s.fetchApiTokens)
  const createApiToken = useJobDesk((s) => s.createApiToken)
  const revokeApiToken = useJobDesk((s) => s.revokeApiToken)
  const [error, setError] = useState<string | null>(null)
  const [creating, setCreating] = useState(false)
  const [created, setCreated] = useState<string | null>(null)

  const refresh = useCallback(() => {
    fetchApiTokens().then(
      () => setError(null),
      (failure: unknown) => setError(errorText(failure)),
    )
  }, [fetchApiTokens, errorText])
  useEffect(refresh, [refresh])

  const revoke = (token: ApiTokenView) => revokeApiToken(token.id).then(refresh, (failure: unknown) => setError(errorText(failure)))
  const state = (token: ApiTokenView) => {
    if (token.revokedAtMs > 0) return <Badge color="gray">{t('tokens.revoked')}</Badge>
    if (token.expiresAtMs > 0 && token.expiresAtMs <= Date.now()) return <Badge color="orange">{t('tokens.expired')}</Badge>
    // Its owner is no longer found in the directory: it works again once they sign in with a role.
    if (token.suspendedAtMs > 0)
      return (
        <Badge color="yellow" title={t('tokens.suspendedHint')}>
          {t('tokens.suspended')}
        </Badge>
      )
    return <Badge color="teal">{t('tokens.active')}</Badge>
  }

  return (
    <div className="jd-page jd-page-scroll" data-testid="page-tokens">
      <Group justify="space-between">
        <Title order={2}>{t('tokens.title')}</Title>
        <Button size="xs" onClick={() => setCreating(true)} data-testid="token-new">
          {t('tokens.new')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {t('tokens.hint')}
      </Text>
      {error && <Alert color="red">{error}</Alert>}
      {created && (
        <Alert color="orange" withCloseButton onClose={() => setCreated(null)} data-testid="token-created">
          <Stack gap={4}>
            <Text size="sm">{t('tokens.shownOnce')}</Text>
            <Code data-testid="token-secret">{created}</Code>
          </Stack>
        </Alert>
      )}
      <Table striped data-testid="tokens-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('tokens.name')}</Table.Th>
            <Table.Th>{t('tokens.owner')}</Table.Th>
            <Table.Th>{t('tokens.scope')}</Table.Th>
            <Table.Th>{t('users.role')}</Table.Th>
            <Table.Th>{t('tokens.expires')}</Table.Th>
            <Table.Th>{t('tokens.lastUsed')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tokens.map((token) => (
            <Table.Tr key={token.id} data-testid="token-row">
              <Table.Td>
                <Group gap={6}>
                  {token.name} {state(token)}
                </Group>
              </Table.Td>
              <Table.Td>{token.owner}</Table.Td>
              <Table.Td data-testid="token-scope">
                {token.scope === 'mcp' ? (
                  <Group gap={4}>
                    <Badge variant="light">{t('tokens.scope.mcp')}</Badge>
                    <Badge variant="outline" color={token.mode === 'operate' ? 'orange' : 'gray'}>
                      {t(`tokens.mode.${token.mode ?? 'read'}`)}
                    </Badge>
                  </Group>
                ) : (
                  t('tokens.scope.openapi')
                )}
              </Table.Td>
              <Table.Td>{t(`role.${token.role}`)}</Table.Td>
              <Table.Td>{token.expiresAtMs ? formatDateTime(token.expiresAtMs) : t('tokens.never')}</Table.Td>
              <Table.Td>{token.lastUsedAtMs ? formatDateTime(token.lastUsedAtMs) : t('common.none')}</Table.Td>
              <Table.Td>
                {token.revokedAtMs === 0 && (
                  <Button size="compact-xs" variant="subtle" color="red" onClick={() => void revoke(token)} data-testid="token-revoke">
                    {t('tokens.revoke')}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {creating && session && (
        <TokenCreator
          maxRole={session.role}
          onClose={() => setCreating(false)}
          onCreate={async (input) => {
            setCreated(await createApiToken(input))
            refresh()
          }}
        />
      )}
    </div>
  )
}

function TokenCreator({ maxRole, onCreate, onClose }: { maxRole: Role; onCreate(input: ApiTokenInput): Promise<void>; onClose(): void }) {
  const t = useT()
  const errorText = useErrorText()
  const [name, setName] = useState('')
  const [role, setRole] = useState<Role>('viewer')
  const [groupIds, setGroupIds] = useState<number[]>([])
  const [days, setDays] = useState<string>('90')
  const [scope, setScope] = useState<TokenScope>('openapi')
  const [mode, setMode] = useState<McpMode>('read')
  const [error, setError] = useState<string | null>(null)
  const create = async () => {
    try {
      const expiresAtMs = days === '0' ? 0 : Date.now() + Number(days) * DAY_MS
      await onCreate({ name: name.trim(), role, groupIds, expiresAtMs, scope, ...(scope === 'mcp' && { mode }) })
      onClose()
    } catch (failure) {
      setError(errorText(failure))
    }
  }
  return (
    <Modal opened onClose={onClose} title={t('tokens.new')}>
      <Stack data-testid="token-creator">
        <TextInput label={t('tokens.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} required data-testid="token-name" />
        <Select
          label={t('tokens.scope')}
          description={t('tokens.scopeHint')}
          data={TOKEN_SCOPES.map((s) => ({ value: s, label: t(`tokens.scope.${s}`) }))}
          value={scope}
          allowDeselect={false}
          onChange={(value) => value && setScope(value as TokenScope)}
          data-testid="token-scope-select"
        />
        {scope === 'mcp' && (
          <Select
            label={t('tokens.mode')}
            description={t('tokens.modeHint')}
            data={MCP_MODES.map((m) => ({ value: m, label: t(`tokens.mode.${m}`) }))}
            value={mode}
            allowDeselect={false}
            onChange={(value) => value && setMode(value as McpMode)}
            data-testid="token-mode"
          />
        )}
        <Select
          label={t('users.role')}
          data={ROLES.filter((r) => roleAtLeast(maxRole, r)).map((r) => ({ value: r, label: t(`role.${r}`) }))}
          value={role}
          allowDeselect={false}
          onChange={(value) => value && setRole(value as Role)}
          data-testid="token-role"
        />
        <GroupPicker value={groupIds} onChange={setGroupIds} disabled={role === 'admin'} testId="token-groups" />
        <Select
          label={t('tokens.expires')}
          data={EXPIRIES.map((d) => ({ value: d, label: d === '0' ? t('tokens.never') : t('tokens.days', { n: d }) }))}
          value={days}
          allowDeselect={false}
          onChange={(value) => value && setDays(value)}
          data-testid="token-expiry"
        />
        {error && <Alert color="red">{error}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void create()} data-testid="token-create">
            {t('tokens.create')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
