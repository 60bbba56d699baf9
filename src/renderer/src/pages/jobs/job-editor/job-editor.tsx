import { Alert, Button, Divider, Drawer, Group, Stack, TextInput, Title } from '@mantine/core'
import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from 'react'
import type { DefinitionOrigin } from '../../../../../shared/definition-origin'
import { OriginBadge } from '../../../components/definition-origin/origin-badge'
import { OriginBanner } from '../../../components/definition-origin/origin-banner'
import { useDiscardGuard } from '../../../components/discard-guard'
import { isChanged } from '../../../lib/data/draft-changes'
import type { GlueType, JobInput } from '../../../../../shared/model'
import type { MessageKey } from '../../../i18n/dictionary'
import { useErrorText, useT } from '../../../i18n/use-t'
import { planChildLinks, type ChildDraft } from '../../../lib/dag/link-plan'
import { useJobDesk } from '../../../store'
import { selectChildLinks } from '../../../store/dag/selectors'
import { selectJobOrigin } from '../../../store/definitions/selectors'
import { selectGroupsById } from '../../../store/jobs/selectors'
import { ChildLinksSection } from './child-links-section'
import { ExecutorSection } from './executor-section'
import { GlueSection, GlueTypeField } from './glue-section'
import { placeSaveError, shownFields } from './job-draft'
import { AlarmSection, RetrySection } from './retry-alarm-sections'
import { DeadlineFields } from '../../../components/deadline-fields'
import type { DeadlineTerms } from '../../../../../shared/deadline-terms'
import { CapacitySection } from './capacity-section'
import { ParamsSection } from '../../../components/params/params-section'
import { EnvSection } from './env-section'
import { ScheduleSection } from './schedule-section'
import { TriggerUrlSection } from '../../../components/trigger-urls/trigger-url-section'
import type { SetField } from './section-props'

function Section({ title, children }: { title: MessageKey; children: ReactNode }) {
  const t = useT()
  return (
    <section>
      <Divider
        mb="xs"
        labelPosition="left"
        label={
          <Title order={3} size="h6">
            {t(title)}
          </Title>
        }
      />
      {children}
    </section>
  )
}

/** What the editor opens with: a job (with `id` to edit it), and for a copy the job whose child links it starts from. */
export interface EditorOpen {
  input: JobInput
  copyOf?: number
}

interface JobEditorProps {
  open: EditorOpen | null
  onClose: () => void
  onOpenGlue(jobId: number): void
}

export function JobEditor({ open, onClose, onOpenGlue }: JobEditorProps) {
  const t = useT()
  const input = open?.input
  const title = input?.id ? t('editor.editTitle', { id: input.id }) : open?.copyOf ? t('editor.copyTitle', { id: open.copyOf }) : t('editor.newTitle')
  const guard = useDiscardGuard(onClose)
  // A saved job only, by the name and group it was opened with (what the file and the server hold); a copy is a new job.
  const appName = useJobDesk((s) => (input?.id ? selectGroupsById(s).get(input.jobGroup)?.appName : undefined))
  const origin = useJobDesk(selectJobOrigin(appName, input?.name ?? ''))
  return (
    <>
      <Drawer
        opened={open !== null}
        onClose={guard.requestClose}
        position="right"
        size="xl"
        title={
          <Group gap="sm" wrap="nowrap">
            <Title order={2} size="h4">
              {title}
            </Title>
            {origin && <OriginBadge origin={origin} />}
          </Group>
        }
        data-testid="job-editor"
      >
        {/* Keyed so a new open starts from the given job, not from the last draft. */}
        {open && (
          <JobEditorForm
            key={open.input.id ?? `new-${open.copyOf ?? ''}`}
            open={open}
            origin={origin}
            onDone={onClose}
            onCancel={guard.requestClose}
            setDirty={guard.setDirty}
            onOpenGlue={onOpenGlue}
          />
        )}
      </Drawer>
      {guard.prompt}
    </>
  )
}

interface JobEditorFormProps {
  open: EditorOpen
  /** The definition file the job was applied from, if any: its editor warns that the next apply undoes edits. */
  origin: DefinitionOrigin | undefined
  /** Saved: close without asking. */
  onDone(): void
  /** Cancel: asks first when something changed. */
  onCancel(): void
  setDirty(dirty: boolean): void
  onOpenGlue(jobId: number): void
}

function JobEditorForm({ open, origin, onDone, onCancel, setDirty, onOpenGlue }: JobEditorFormProps) {
  const t = useT()
  const errorText = useErrorText()
  const saveJob = useJobDesk((s) => s.saveJob)
  const saveLink = useJobDesk((s) => s.saveLink)
  const deleteLink = useJobDesk((s) => s.deleteLink)
  const [savedGlueType] = useState<GlueType | undefined>(open.input.id ? open.input.glueType : undefined)
  const [draft, setDraft] = useState<JobInput>(open.input)
  const [initialChildren] = useState<ChildDraft[]>(() =>
    selectChildLinks(open.input.id ?? open.copyOf)(useJobDesk.getState()).map((link) => ({ childJobId: link.childJobId, condition: link.condition })),
  )
  const [children, setChildren] = useState<ChildDraft[]>(initialChildren)
  const dirty = isChanged({ ...open.input, children: initialChildren }, { ...draft, children })
  useEffect(() => setDirty(dirty), [dirty, setDirty])
  useEffect(() => () => setDirty(false), [setDirty])
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
    let saved: JobInput | null = null
    // A saved script job's source is the GLUE editor's (it may have saved a version meanwhile).
    const stored = draft.id ? useJobDesk.getState().jobs.find((job) => job.id === draft.id) : undefined
    const input =
      stored && savedGlueType !== undefined && savedGlueType !== 'BEAN' && draft.glueType !== 'BEAN'
        ? { ...draft, glueSource: stored.glueSource, glueRemark: stored.glueRemark }
        : draft
    try {
      const job = await saveJob(input)
      saved = { ...input, id: job.id }
    } catch (error) {
      const placed = placeSaveError(error, shownFields(input.glueType), useJobDesk.getState().preferences.language)
      if (placed.field) setErrors((current) => ({ ...current, [placed.field!]: placed.message }))
      else setFormError(placed.message)
      setSaving(false)
      return
    }
    // The job is saved; now its links (each checked by the core, a cycle refused with its path).
    try {
      const plan = planChildLinks(saved.id!, useJobDesk.getState().links, children)
      for (const link of plan.remove) await deleteLink(link.parentJobId, link.childJobId)
      for (const link of plan.save) await saveLink(link)
      onDone()
    } catch (error) {
      // Keep the form open on the saved job, so fixing the links and saving again updates it.
      setDraft(saved)
      setFormError(t('editor.linksFailed', { message: errorText(error) }))
    } finally {
      setSaving(false)
    }
  }

  const sectionProps = { draft, setField, errors }
  return (
    <form onSubmit={submit} noValidate data-testid="job-editor-form">
      <Stack gap="lg">
        {origin && <OriginBanner origin={origin} />}
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
            <TextInput
              label={t('editor.author')}
              value={draft.author}
              onChange={(event) => setField('author', event.currentTarget.value)}
              error={errors.author}
            />
          </Group>
          <GlueTypeField {...sectionProps} />
        </Section>
        {draft.glueType !== 'BEAN' && (
          <Section title="editor.section.glue">
            <GlueSection {...sectionProps} savedGlueType={savedGlueType} onOpenGlue={draft.id ? () => onOpenGlue(draft.id!) : undefined} />
          </Section>
        )}
        {draft.glueType !== 'BEAN' && (
          <Section title="env.section">
            <EnvSection {...sectionProps} />
          </Section>
        )}
        <Section title="editor.section.schedule">
          <ScheduleSection {...sectionProps} />
        </Section>
        <Section title="editor.section.executor">
          <ExecutorSection {...sectionProps} />
        </Section>
        <Section title="params.section">
          <ParamsSection
            fields={draft}
            change={(fields) => {
              setField('params', fields.params)
              setField('paramFormat', fields.paramFormat)
              setField('paramTemplate', fields.paramTemplate)
            }}
            error={errors.params ?? errors.paramTemplate}
          />
        </Section>
        <Section title="editor.section.children">
          <ChildLinksSection jobId={draft.id} rows={children} setRows={setChildren} />
        </Section>
        <Section title="editor.capacity">
          <CapacitySection {...sectionProps} />
        </Section>
        <Section title="editor.section.retry">
          <RetrySection {...sectionProps} />
        </Section>
        <Section title="editor.section.alarm">
          <AlarmSection {...sectionProps} />
        </Section>
        <Section title="deadline.section">
          <DeadlineFields
            terms={draft}
            change={(patch) => {
              for (const [key, value] of Object.entries(patch)) setField(key as keyof DeadlineTerms, value)
            }}
            errors={errors}
            testIdPrefix="field"
          />
        </Section>
        <Section title="hooks.section">
          <TriggerUrlSection target={draft.id ? { jobId: draft.id } : undefined} />
        </Section>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} data-testid="editor-cancel">
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
