import { Alert, Badge, List, ScrollArea, Stack, Table, Text } from '@mantine/core'
import type { XxlImportReport } from '../../../../../shared/xxl-import'
import { useLanguage, useT } from '../../../i18n/use-t'
import { xxlNoteText } from '../../../lib/definitions/xxl-import-form'

const ACTION_COLOR = { create: 'teal', update: 'blue', skip: 'gray', refuse: 'red', keep: 'gray' } as const

/** The dry run's or the import's report: counts per kind, then every group and job with its flags and reasons. */
export function XxlImportReportView({ report }: { report: XxlImportReport }) {
  const t = useT()
  const language = useLanguage()
  const { summary } = report
  const groupCount = (action: string) => report.groups.filter((g) => g.action === action).length
  return (
    <Stack gap="xs" data-testid="xxl-report" data-dry-run={report.dryRun}>
      <Alert color={report.dryRun ? 'blue' : 'teal'} title={t(report.dryRun ? 'xxlImport.dryRunTitle' : 'xxlImport.doneTitle')}>
        <Text size="sm">{t('xxlImport.source', { source: report.source, generation: report.schema.generation, zone: report.timezone })}</Text>
        <Text size="sm">
          {t('xxlImport.read', { groups: report.read.groups, jobs: report.read.jobs, glue: report.read.glueVersions, runs: report.read.runs })}
        </Text>
        <Text
          size="sm"
          fw={600}
          data-testid="xxl-counts"
          data-created={summary.created}
          data-updated={summary.updated}
          data-skipped={summary.skipped}
          data-refused={summary.refused}
        >
          {t(report.dryRun ? 'xxlImport.jobCountsDry' : 'xxlImport.jobCounts', { ...summary })}
        </Text>
        <Text size="sm">
          {t('xxlImport.groupCounts', { created: groupCount('create'), kept: groupCount('keep') + groupCount('update'), refused: groupCount('refuse') })}
        </Text>
        <Text size="sm">{t('xxlImport.linkCounts', { set: report.links.set, dropped: report.links.dropped.length })}</Text>
        <Text size="sm">{t('xxlImport.glueCounts', { n: report.glueVersions })}</Text>
        {report.runs && (
          <Text size="sm" data-testid="xxl-runs">
            {t('xxlImport.runCounts', {
              days: report.runs.days,
              imported: report.runs.imported,
              unfinished: report.runs.unfinished,
              already: report.runs.alreadyThere,
              refused: report.runs.ofRefusedJobs,
            })}
          </Text>
        )}
        {report.notes.length > 0 && (
          <List size="sm" spacing={2} mt={4}>
            {report.notes.map((note) => (
              <List.Item key={note.code} data-testid="xxl-note">
                {xxlNoteText(language, note)}
              </List.Item>
            ))}
          </List>
        )}
      </Alert>
      <ScrollArea.Autosize mah={320}>
        <Table striped withTableBorder fz="sm" data-testid="xxl-jobs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('xxlImport.col.xxlId')}</Table.Th>
              <Table.Th>{t('xxlImport.col.job')}</Table.Th>
              <Table.Th>{t('xxlImport.col.action')}</Table.Th>
              <Table.Th>{t('xxlImport.col.notes')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.groups
              .filter((group) => group.notes.length > 0 || group.action === 'refuse')
              .map((group) => (
                <Table.Tr key={`group:${group.appName}`} data-testid="xxl-group-row" data-action={group.action}>
                  <Table.Td />
                  <Table.Td>
                    {group.name} ({group.appName})
                  </Table.Td>
                  <Table.Td>
                    <Badge color={ACTION_COLOR[group.action]} variant="light">
                      {t(`xxlImport.action.${group.action}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{group.notes.map((note) => xxlNoteText(language, note)).join(' · ')}</Table.Td>
                </Table.Tr>
              ))}
            {report.jobs.map((job) => (
              <Table.Tr key={job.xxlId} data-testid="xxl-job-row" data-xxl-id={job.xxlId} data-action={job.action}>
                <Table.Td>#{job.xxlId}</Table.Td>
                <Table.Td>
                  {job.name}
                  <Text span size="xs" c="dimmed">
                    {' '}
                    {job.appName}
                    {job.jobId !== null && ` → ${t('xxlImport.jobLink', { id: job.jobId })}`}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge color={ACTION_COLOR[job.action]} variant="light">
                    {t(`xxlImport.action.${job.action}`)}
                  </Badge>
                </Table.Td>
                <Table.Td data-testid="xxl-job-notes">
                  {job.notes.map((note, index) => (
                    <Text key={index} size="xs" c={job.action === 'refuse' ? 'red' : undefined}>
                      {xxlNoteText(language, note)}
                    </Text>
                  ))}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </Stack>
  )
}
