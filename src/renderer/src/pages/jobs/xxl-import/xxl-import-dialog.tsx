import { Alert, Button, Checkbox, Group, List, Modal, NumberInput, PasswordInput, Progress, Radio, Stack, Text, TextInput } from '@mantine/core'
import { useState } from 'react'
import { XXL_RUN_DAYS_MAX, type XxlConflict, type XxlImportProgress, type XxlImportReport } from '../../../../../shared/xxl-import'
import { useLanguage, useT } from '../../../i18n/use-t'
import { importRefusal } from '../../../lib/definitions/import-problems'
import { localTimeZone } from '../../../lib/format/format-time'
import { INITIAL_XXL_FORM, xxlRequestOf, type XxlImportForm } from '../../../lib/definitions/xxl-import-form'
import { useJobDesk } from '../../../store'
import { selectXxlImportProgress } from '../../../store/xxl-import/selectors'
import { XxlImportReportView } from './xxl-import-report'

/** The Jobs page's "Import from XXL-JOB…" button and its dialog. */
export function XxlImportButton() {
  const t = useT()
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button variant="default" onClick={() => setOpen(true)} data-testid="xxl-import-open">
        {t('xxlImport.button')}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('xxlImport.title')} size="xl" data-testid="xxl-import-dialog">
        {/* Unmounted on close: the form, its password included, goes with it. */}
        {open && <XxlImportPanel onClose={() => setOpen(false)} />}
      </Modal>
    </>
  )
}

function XxlImportPanel({ onClose }: { onClose: () => void }) {
  const t = useT()
  const language = useLanguage()
  const importFromXxl = useJobDesk((s) => s.importFromXxl)
  const progress = useJobDesk(selectXxlImportProgress)
  const [form, setForm] = useState<XxlImportForm>(INITIAL_XXL_FORM)
  const [busy, setBusy] = useState<'preview' | 'import' | null>(null)
  const [preview, setPreview] = useState<XxlImportReport | null>(null)
  const [result, setResult] = useState<XxlImportReport | null>(null)
  // The core's error as it came, rendered in the language shown now.
  const [failure, setFailure] = useState<{ error: unknown } | null>(null)
  const refusal = failure && importRefusal(language, failure.error)

  // Any change asks for a new preview: the import applies what was previewed.
  const edit = (patch: Partial<XxlImportForm>) => {
    setForm((current) => ({ ...current, ...patch }))
    setPreview(null)
    setFailure(null)
  }
  const run = async (dryRun: boolean) => {
    setBusy(dryRun ? 'preview' : 'import')
    setFailure(null)
    try {
      const report = await importFromXxl(xxlRequestOf(form, dryRun))
      if (dryRun) setPreview(report)
      else setResult(report)
    } catch (error) {
      setFailure({ error })
    } finally {
      setBusy(null)
    }
  }

  if (result) {
    return (
      <Stack gap="sm">
        <XxlImportReportView report={result} />
        <Group justify="flex-end">
          <Button onClick={onClose} data-testid="xxl-close">
            {t('common.close')}
          </Button>
        </Group>
      </Stack>
    )
  }
  const disabled = busy !== null
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('xxlImport.intro')}
      </Text>
      <Group grow align="flex-start">
        <TextInput
          label={t('xxlImport.url')}
          description={t('xxlImport.urlHint')}
          placeholder="mysql://xxl@127.0.0.1:3306/xxl_job"
          value={form.url}
          onChange={(e) => edit({ url: e.currentTarget.value })}
          disabled={disabled}
          data-testid="xxl-url"
        />
        <PasswordInput
          label={t('xxlImport.password')}
          description={t('xxlImport.passwordHint')}
          value={form.password}
          onChange={(e) => edit({ password: e.currentTarget.value })}
          disabled={disabled}
          autoComplete="off"
          data-testid="xxl-password"
        />
      </Group>
      <Radio.Group
        value={form.onConflict}
        onChange={(value) => edit({ onConflict: value as XxlConflict })}
        label={t('xxlImport.onConflict')}
        data-testid="xxl-conflict"
      >
        <Stack gap={6} mt={6}>
          <Radio value="skip" label={t('xxlImport.skip')} disabled={disabled} data-testid="xxl-conflict-skip" />
          <Radio value="rename" label={t('xxlImport.rename')} disabled={disabled} data-testid="xxl-conflict-rename" />
          <Radio value="replace" label={t('xxlImport.replace')} disabled={disabled} data-testid="xxl-conflict-replace" />
        </Stack>
      </Radio.Group>
      <Group align="flex-end">
        <Checkbox
          label={t('xxlImport.withRuns')}
          checked={form.withRuns}
          onChange={(e) => edit({ withRuns: e.currentTarget.checked })}
          disabled={disabled}
          data-testid="xxl-with-runs"
        />
        <NumberInput
          w={110}
          label={t('xxlImport.days')}
          min={1}
          max={XXL_RUN_DAYS_MAX}
          allowDecimal={false}
          value={form.days}
          onChange={(value) => edit({ days: typeof value === 'number' ? value : 7 })}
          disabled={disabled || !form.withRuns}
          data-testid="xxl-days"
        />
        <TextInput
          flex={1}
          label={t('xxlImport.timezone')}
          description={t('xxlImport.timezoneHint', { zone: localTimeZone() })}
          placeholder={localTimeZone()}
          value={form.timezone}
          onChange={(e) => edit({ timezone: e.currentTarget.value })}
          disabled={disabled}
          data-testid="xxl-timezone"
        />
      </Group>
      {refusal && (
        <Alert color="red" title={t('xxlImport.failed')} data-testid="xxl-failed">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {refusal.summary}
          </Text>
          {refusal.problems.length > 0 && (
            <List size="sm" spacing={2} mt={4}>
              {refusal.problems.map((problem) => (
                <List.Item key={problem}>{problem}</List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}
      {busy !== null && <ProgressLine progress={progress} />}
      {preview && <XxlImportReportView report={preview} />}
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          {preview ? '' : t('xxlImport.previewFirst')}
        </Text>
        <Group>
          <Button variant="default" onClick={onClose} disabled={busy === 'import'}>
            {t('common.cancel')}
          </Button>
          <Button
            variant="light"
            onClick={() => void run(true)}
            loading={busy === 'preview'}
            disabled={disabled || form.url.trim() === ''}
            data-testid="xxl-preview"
          >
            {t('xxlImport.preview')}
          </Button>
          <Button onClick={() => void run(false)} loading={busy === 'import'} disabled={disabled || preview === null} data-testid="xxl-import">
            {t('xxlImport.import')}
          </Button>
        </Group>
      </Group>
    </Stack>
  )
}

function ProgressLine({ progress }: { progress: XxlImportProgress | null }) {
  const t = useT()
  const phase = progress?.phase ?? 'reading'
  const value = progress && progress.total > 0 ? (100 * progress.done) / progress.total : 0
  return (
    <Stack gap={4} data-testid="xxl-progress">
      <Text size="sm">{t(`xxlImport.phase.${phase}`, { done: progress?.done ?? 0, total: progress?.total ?? 0 })}</Text>
      <Progress value={phase === 'runs' ? value : 100} animated={phase !== 'runs'} />
    </Stack>
  )
}
