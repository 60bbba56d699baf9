import { Alert, Button, FileButton, Group, List, Menu, Modal, Radio, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import type { ImportReport } from '../../../../shared/api'
import { exportJobs } from '../../services/jobs'
import { notifyError } from '../../kit/notify'
import { useLanguage, useT } from '../../i18n/use-t'
import { messageText } from '../../i18n/server-text'
import { exportFileName, importRefusal, parseImportFile, type ImportRefusal } from '../../lib/definitions/import-problems'
import { useJobDesk } from '../../store'
import { selectIsAdmin } from '../../store/session/selectors'

/** Saves a document as a JSON file through the browser's download (the desktop shell shows a save dialog). */
function download(document: unknown, fileName: string): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(document, null, 2)], { type: 'application/json' }))
  const anchor = window.document.createElement('a')
  anchor.href = url
  anchor.download = fileName
  anchor.click()
  // The download has its own reference to the data once started.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/** Export (all jobs, or the selected ones) and import buttons for the Jobs page. */
export function ImportExportButtons({ selectedIds }: { selectedIds: readonly number[] }) {
  const t = useT()
  const language = useJobDesk((s) => s.preferences.language)
  const admin = useJobDesk(selectIsAdmin)
  const [importing, setImporting] = useState<{ name: string; document: unknown } | null>(null)
  const [busy, setBusy] = useState(false)

  const runExport = async (ids: readonly number[] | null) => {
    setBusy(true)
    try {
      // A one-shot query: the document goes straight to a download (all jobs when none are selected).
      const document = await exportJobs(ids && ids.length > 0 ? { jobIds: [...ids] } : {})
      download(document, exportFileName(Date.now(), ids ? ids.length : null))
    } catch (error) {
      notifyError(language, 'common.error', error)
    } finally {
      setBusy(false)
    }
  }

  const pick = async (file: File | null) => {
    if (!file) return
    const parsed = parseImportFile(await file.text())
    if (!parsed.ok) notifyError(language, 'import.unreadable', new Error(`${file.name}: ${parsed.message}`))
    else setImporting({ name: file.name, document: parsed.document })
  }

  return (
    <>
      <Menu position="bottom-end">
        <Menu.Target>
          <Button variant="default" loading={busy} data-testid="jobs-export">
            {t('export.button')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => void runExport(null)} data-testid="jobs-export-all">
            {t('export.all')}
          </Menu.Item>
          <Menu.Item onClick={() => void runExport(selectedIds)} disabled={selectedIds.length === 0} data-testid="jobs-export-selected">
            {t('export.selected', { n: selectedIds.length })}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {admin && (
        <FileButton onChange={(file) => void pick(file)} accept="application/json,.json">
          {(props) => (
            <Button variant="default" {...props} data-testid="jobs-import">
              {t('import.button')}
            </Button>
          )}
        </FileButton>
      )}
      <ImportDialog file={importing} onClose={() => setImporting(null)} />
    </>
  )
}

function ImportDialog({ file, onClose }: { file: { name: string; document: unknown } | null; onClose: () => void }) {
  const t = useT()
  return (
    <Modal opened={file !== null} onClose={onClose} title={t('import.title')} size="lg" data-testid="import-dialog">
      {file && <ImportForm key={file.name} file={file} onClose={onClose} />}
    </Modal>
  )
}

function ImportForm({ file, onClose }: { file: { name: string; document: unknown }; onClose: () => void }) {
  const t = useT()
  const language = useLanguage()
  const importJobs = useJobDesk((s) => s.importJobs)
  const [onConflict, setOnConflict] = useState<'update' | 'skip'>('skip')
  const [busy, setBusy] = useState(false)
  const [report, setReport] = useState<ImportReport | null>(null)
  // The core's error as it came: rendered in the language shown now, so switching language re-renders it.
  const [refusedBy, setRefusedBy] = useState<{ error: unknown } | null>(null)
  const refusal: ImportRefusal | null = refusedBy && importRefusal(language, refusedBy.error)
  const doc = file.document as { jobs?: unknown; links?: unknown; flows?: unknown } | null
  const count = (value: unknown) => (Array.isArray(value) ? value.length : 0)

  const submit = async () => {
    setBusy(true)
    setRefusedBy(null)
    try {
      setReport(await importJobs(file.document, onConflict))
    } catch (error) {
      setRefusedBy({ error })
    } finally {
      setBusy(false)
    }
  }

  return (
    <Stack gap="sm">
      <Text size="sm">{t('import.file', { name: file.name, jobs: count(doc?.jobs), links: count(doc?.links), flows: count(doc?.flows) })}</Text>
      {!report && (
        <Radio.Group
          value={onConflict}
          onChange={(value) => setOnConflict(value as 'update' | 'skip')}
          label={t('import.onConflict')}
          description={t('import.onConflictHint')}
          data-testid="import-conflict"
        >
          <Stack gap={6} mt={6}>
            <Radio value="skip" label={t('import.skip')} data-testid="import-conflict-skip" />
            <Radio value="update" label={t('import.update')} data-testid="import-conflict-update" />
          </Stack>
        </Radio.Group>
      )}
      {refusal && (
        <Alert color="red" title={refusal.summary} data-testid="import-refused">
          <List size="sm" spacing={2}>
            {refusal.problems.map((problem) => (
              <List.Item key={problem} data-testid="import-problem">
                {problem}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      {report && (
        <Alert color="teal" title={t('import.done')} data-testid="import-report">
          <Text size="sm" data-testid="import-counts" data-created={report.created} data-updated={report.updated} data-skipped={report.skipped}>
            {t('import.counts', { created: report.created, updated: report.updated, skipped: report.skipped })}
          </Text>
          <FlowCounts counts={report.flows} />
          {report.groupsCreated.length > 0 && <Text size="sm">{t('import.groupsCreated', { names: report.groupsCreated.join(', ') })}</Text>}
          {report.notes.length > 0 && (
            <List size="sm" spacing={2} mt={4}>
              {report.notes.map((note, index) => (
                <List.Item key={note} data-testid="import-note">
                  {messageText(language, report.noteMessages?.[index], note)}
                </List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('common.close')}
        </Button>
        {!report && (
          <Button onClick={() => void submit()} loading={busy} data-testid="import-submit">
            {t('import.submit')}
          </Button>
        )}
      </Group>
    </Stack>
  )
}

/** The flows line of the report, when the document had flows (a core before flows reports none). */
function FlowCounts({ counts }: { counts: ImportReport['flows'] | undefined }) {
  const t = useT()
  if (!counts || counts.created + counts.updated + counts.skipped === 0) return null
  return (
    <Text size="sm" data-testid="import-flow-counts" data-created={counts.created} data-updated={counts.updated} data-skipped={counts.skipped}>
      {t('import.flowCounts', counts)}
    </Text>
  )
}
