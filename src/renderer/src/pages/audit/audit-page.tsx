import { Alert, Badge, Button, Code, Group, Table, Text, Title } from '@mantine/core'
import { useEffect, useState } from 'react'
import { exportAudit } from '../../services/audit'
import { useErrorText, useT } from '../../i18n/use-t'
import { formatDateTime } from '../../lib/format/format-time'
import { useJobDesk } from '../../store'
import { selectAuditEntries, selectAuditNextBeforeId } from '../../store/audit/selectors'
import { AuditActorCell, AuditTargetCell, useReadAuditNames } from './audit-target'
import { AuditFilters, NO_AUDIT_FILTER, toAuditFilter, type AuditFilterDraft } from './audit-filters'

const OUTCOME_COLOR = { ok: 'teal', refused: 'red', failed: 'orange' } as const

/** Admins: who did what, when, from where; filter, page back, export what the filter selects. */
export function AuditPage() {
  const t = useT()
  const errorText = useErrorText()
  const groups = useJobDesk((s) => s.groups)
  const [draft, setDraft] = useState<AuditFilterDraft>(NO_AUDIT_FILTER)
  const entries = useJobDesk(selectAuditEntries)
  const nextBeforeId = useJobDesk(selectAuditNextBeforeId)
  const fetchAudit = useJobDesk((s) => s.fetchAudit)
  const fetchOlderAudit = useJobDesk((s) => s.fetchOlderAudit)
  const [open, setOpen] = useState<number | null>(null)
  const [error, setError] = useState<string | null>(null)
  useReadAuditNames()

  useEffect(() => {
    let live = true
    // Typing in a text filter: wait for a pause before asking.
    const timer = setTimeout(() => {
      fetchAudit(toAuditFilter(draft, Date.now())).then(
        () => live && setError(null),
        (failure: unknown) => live && setError(errorText(failure)),
      )
    }, 250)
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [draft, errorText, fetchAudit])

  const older = () => fetchOlderAudit(toAuditFilter(draft, Date.now()))
  const exportAs = async (format: 'csv' | 'json') => {
    try {
      // A one-shot query: the text goes straight to a download, so no slice keeps it.
      const text = await exportAudit({ format, filter: toAuditFilter(draft, Date.now()) })
      const url = URL.createObjectURL(new Blob([text], { type: format === 'csv' ? 'text/csv' : 'application/json' }))
      const link = document.createElement('a')
      link.href = url
      link.download = `jobdesk-audit-${new Date().toISOString().slice(0, 10)}.${format}`
      link.click()
      URL.revokeObjectURL(url)
    } catch (failure) {
      setError(errorText(failure))
    }
  }
  const groupName = (id: number | null) => (id === null ? '' : (groups.find((g) => g.id === id)?.name ?? `#${id}`))

  return (
    <div className="jd-page jd-page-scroll" data-testid="page-audit">
      <Group justify="space-between">
        <Title order={2}>{t('audit.title')}</Title>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => void exportAs('csv')} data-testid="audit-export-csv">
            {t('audit.exportCsv')}
          </Button>
          <Button size="xs" variant="default" onClick={() => void exportAs('json')} data-testid="audit-export-json">
            {t('audit.exportJson')}
          </Button>
        </Group>
      </Group>
      <AuditFilters draft={draft} onChange={setDraft} />
      {error && <Alert color="red">{error}</Alert>}
      <Table striped data-testid="audit-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('audit.time')}</Table.Th>
            <Table.Th>{t('audit.actor')}</Table.Th>
            <Table.Th>{t('audit.source')}</Table.Th>
            <Table.Th>{t('audit.action')}</Table.Th>
            <Table.Th>{t('audit.outcome')}</Table.Th>
            <Table.Th>{t('audit.group')}</Table.Th>
            <Table.Th>{t('audit.target')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => [
            <Table.Tr
              key={entry.id}
              data-testid="audit-row"
              data-action={entry.action}
              onClick={() => setOpen(open === entry.id ? null : entry.id)}
              style={{ cursor: 'pointer' }}
            >
              <Table.Td className="jd-mono">{formatDateTime(entry.atMs)}</Table.Td>
              <Table.Td>
                <AuditActorCell actor={entry.actor} kind={entry.actorKind} via={entry.via} />
              </Table.Td>
              <Table.Td className="jd-mono">{entry.source}</Table.Td>
              <Table.Td>{t(`auditAction.${entry.action}`)}</Table.Td>
              <Table.Td>
                {/* As wide as its word: a squeezed table cut it to "REFU…". */}
                <Badge color={OUTCOME_COLOR[entry.outcome]} variant="light" miw="max-content" data-testid="audit-outcome" data-outcome={entry.outcome}>
                  {t(`auditOutcome.${entry.outcome}`)}
                </Badge>
                {entry.count > 1 && (
                  <Text span size="xs" c="dimmed" ml={4} data-testid="audit-count">
                    {t('audit.repeated', { n: entry.count })}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{groupName(entry.groupId)}</Table.Td>
              <Table.Td>
                <AuditTargetCell target={entry.target} />
              </Table.Td>
            </Table.Tr>,
            open === entry.id && (
              <Table.Tr key={`${entry.id}-detail`}>
                <Table.Td colSpan={7}>
                  <Code block data-testid="audit-detail">
                    {JSON.stringify(entry.detail, null, 2)}
                  </Code>
                </Table.Td>
              </Table.Tr>
            ),
          ])}
        </Table.Tbody>
      </Table>
      {entries.length === 0 && (
        <Text c="dimmed" ta="center" p="lg">
          {t('audit.empty')}
        </Text>
      )}
      {nextBeforeId !== null && (
        <Button variant="subtle" size="xs" onClick={() => void older()} data-testid="audit-older">
          {t('audit.older')}
        </Button>
      )}
    </div>
  )
}
