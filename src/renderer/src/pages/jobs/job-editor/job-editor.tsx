import { Alert, Button, Divider, Drawer, Group, Stack, TextInput, Title } from '@mantine/core'
import { useCallback, useState, type FormEvent, type ReactNode } from 'react'
import type { JobInput } from '../../../../../shared/model'
import { useT } from '../../../i18n/use-t'
import type { MessageKey } from '../../../i18n/dictionary'
import { useJobDesk } from '../../../store'
import { ExecutorSection } from './executor-section'
import { GlueSection } from './glue-section'
import { placeSaveError } from './job-draft'
import { AlarmSection, RetrySection } from './retry-alarm-sections'
import { ScheduleSection } from './schedule-section'
import { EDITOR_FIELDS, type SetField } from './section-props'

function Section({ title, children }: { title: MessageKey; children: ReactNode }) {
  const t = useT()
  return (
    <section>
      <Divider mb="xs" labelPosition="left" label={<Title order={3} size="h6">{t(title)}</Title>} />
      {children}
    </section>
  )
}

interface JobEditorProps {
  /** The job to edit (with `id`) or a new one; null closes the editor. */
  initial: JobInput | null
  onClose: () => void
}

export function JobEditor({ initial, onClose }: JobEditorProps) {
  const t = useT()
  return (
    <Drawer
      opened={initial !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={<Title order={2} size="h4">{initial?.id ? t('editor.editTitle', { id: initial.id }) : t('editor.newTitle')}</Title>}
      data-testid="job-editor"
    >
      {/* Keyed so a new open starts from the given job, not from the last draft. */}
      {initial && <JobEditorForm key={initial.id ?? 'new'} initial={initial} onDone={onClose} />}
    </Drawer>
  )
}

function JobEditorForm({ initial, onDone }: { initial: JobInput; onDone: () => void }) {
  const t = useT()
  const saveJob = useJobDesk((s) => s.saveJob)
  const [draft, setDraft] = useState<JobInput>(initial)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)

  const setField: SetField = useCallback((key, value) => {
    setDraft((current) => ({ ...current, [key]: value }))
    setErrors((current) => {
      if (!(key in current)) return current
      const { [key]: _cleared, ...rest } = current
      return rest
    })
  }, [])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setSaving(true)
    setFormError(null)
    try {
      await saveJob(draft)
      onDone()
    } catch (error) {
      const placed = placeSaveError(error, EDITOR_FIELDS)
      if (placed.field) setErrors((current) => ({ ...current, [placed.field!]: placed.message }))
      else setFormError(placed.message)
    } finally {
      setSaving(false)
    }
  }

  const sectionProps = { draft, setField, errors }
  return (
    <form onSubmit={submit} noValidate data-testid="job-editor-form">
      <Stack gap="lg">
        {formError && (
          <Alert color="red" title={t('editor.saveFailed')} data-testid="editor-form-error">
            {formError}
          </Alert>
        )}
        <Section title="editor.section.basics">
          <Group grow align="flex-start">
            <TextInput
              label={t('editor.name')}
              required
              value={draft.name}
              onChange={(event) => setField('name', event.currentTarget.value)}
              error={errors.name}
              data-testid="field-name"
            />
            <TextInput label={t('editor.author')} value={draft.author} onChange={(event) => setField('author', event.currentTarget.value)} error={errors.author} />
          </Group>
        </Section>
        <Section title="editor.section.schedule">
          <ScheduleSection {...sectionProps} />
        </Section>
        <Section title="editor.section.executor">
          <ExecutorSection {...sectionProps} />
        </Section>
        <Section title="editor.section.retry">
          <RetrySection {...sectionProps} />
        </Section>
        <Section title="editor.section.alarm">
          <AlarmSection {...sectionProps} />
        </Section>
        <Section title="editor.section.glue">
          <GlueSection {...sectionProps} />
        </Section>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={saving} data-testid="editor-save">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
