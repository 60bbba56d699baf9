import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core'
import { GLUE_TYPES, type GlueType } from '../../../../../shared/model'
import { LazyCodeEditor } from '../../../components/code-editor/lazy-code-editor'
import { useT } from '../../../i18n/use-t'
import { useJobDesk } from '../../../store'
import { glueLanguage, glueTemplate } from '../../../lib/jobs/glue-language'
import type { SectionProps } from './section-props'
import { enumOptions, renderEnumOption } from '../../../components/enum-label'

interface GlueSectionProps extends SectionProps {
  /**
   * The saved job's GLUE type (undefined for a new job). A saved script job's source changes only
   * through the GLUE editor, so each change becomes a version with a remark.
   */
  savedGlueType: GlueType | undefined
  onOpenGlue?(): void
}

/**
 * What kind of job it is — a BEAN handler or a script — asked near the top of the form: it decides
 * which fields follow (a script job has no handler, a BEAN job no source).
 */
export function GlueTypeField({ draft, setField, errors }: SectionProps) {
  const t = useT()
  const jobDeskOnly = useJobDesk((s) => s.handlerCatalogs[draft.jobGroup]?.jobDeskOnly === true)
  return (
    <Select
      label={t('editor.glueType')}
      description={t('editor.glueTypeHint')}
      data={enumOptions(t, 'glueType', GLUE_TYPES)}
      renderOption={renderEnumOption}
      value={draft.glueType}
      onChange={(value) => {
        if (!value) return
        setField('glueType', value as GlueType)
        // A new script starts from XXL-JOB's template for its type.
        if (draft.glueSource.trim() === '' || draft.glueSource === glueTemplate(draft.glueType)) setField('glueSource', glueTemplate(value as GlueType))
      }}
      allowDeselect={false}
      error={errors.glueType ?? (draft.glueType === 'GLUE_GROOVY' && jobDeskOnly ? t('editor.groovyHint') : undefined)}
      data-testid="field-glueType"
    />
  )
}

/** A script job's source: in a code editor (new jobs) or a link to the GLUE editor (saved ones, versioned). */
export function GlueSection({ draft, setField, errors, savedGlueType, onOpenGlue }: GlueSectionProps) {
  const t = useT()
  const script = draft.glueType !== 'BEAN'
  const versioned = script && savedGlueType !== undefined && savedGlueType !== 'BEAN' && onOpenGlue !== undefined
  return (
    <Stack gap="sm">
      {script && versioned && (
        <Group justify="space-between" data-testid="glue-versioned">
          <Text size="sm" c="dimmed">
            {t('editor.glueVersioned')}
          </Text>
          <Button variant="light" onClick={onOpenGlue} data-testid="editor-open-glue">
            {t('editor.openGlue')}
          </Button>
        </Group>
      )}
      {script && !versioned && (
        <>
          <div>
            <Text size="sm" fw={500} mb={4}>
              {t('editor.glueSource')}
            </Text>
            <LazyCodeEditor
              value={draft.glueSource}
              onChange={(value) => setField('glueSource', value)}
              language={glueLanguage(draft.glueType)}
              height={260}
              label={t('editor.glueSource')}
              testId="field-glueSource"
            />
            {errors.glueSource && (
              <Text size="xs" c="red" mt={4} role="alert">
                {errors.glueSource}
              </Text>
            )}
          </div>
          <TextInput
            label={t('editor.glueRemark')}
            value={draft.glueRemark}
            onChange={(event) => setField('glueRemark', event.currentTarget.value)}
            error={errors.glueRemark}
          />
        </>
      )}
    </Stack>
  )
}
