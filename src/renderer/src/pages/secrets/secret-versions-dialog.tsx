import { Alert, Badge, Modal, Table, Text } from '@mantine/core'
import { useEffect, useState } from 'react'
import type { SecretVersionView } from '../../../../shared/secrets'
import { useErrorText, useT } from '../../i18n/use-t'
import { formatDateTime } from '../../lib/format/format-time'
import { listSecretVersions } from '../../services/secrets'

/** A secret's kept versions: who set each, when, and until when a replaced one is kept — never a value. */
export function SecretVersionsDialog(props: { secret: { name: string; groupId: number | null }; onClose: () => void }) {
  const t = useT()
  const errorText = useErrorText()
  const { secret, onClose } = props
  const [versions, setVersions] = useState<SecretVersionView[]>([])
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    listSecretVersions({ name: secret.name, groupId: secret.groupId }).then(setVersions, (failure: unknown) => setError(errorText(failure)))
  }, [secret.name, secret.groupId, errorText])

  return (
    <Modal opened onClose={onClose} title={t('secrets.versionsTitle', { name: secret.name })} size="lg">
      {error && <Alert color="red">{error}</Alert>}
      <Table data-testid="secret-versions">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('secrets.col.version')}</Table.Th>
            <Table.Th>{t('secrets.col.setBy')}</Table.Th>
            <Table.Th>{t('secrets.col.setAt')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {versions.map((v) => (
            <Table.Tr key={v.version} data-testid={`secret-version-${v.version}`}>
              <Table.Td>{v.version}</Table.Td>
              <Table.Td>{v.setBy}</Table.Td>
              <Table.Td>{formatDateTime(v.setAtMs)}</Table.Td>
              <Table.Td>
                {v.graceUntilMs === null ? (
                  <Badge color="teal">{t('secrets.current')}</Badge>
                ) : (
                  <Text size="xs" c="dimmed">
                    {t('secrets.graceUntil', { time: formatDateTime(v.graceUntilMs) })}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  )
}
