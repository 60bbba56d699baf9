import { Select, Stack, TextInput, Textarea } from '@mantine/core'
import { GLUE_TYPES, type GlueType } from '../../../../../shared/model'
import { useT } from '../../../i18n/use-t'
import type { SectionProps } from './section-props'

/** GLUE type, source and remark as plain fields; the CodeMirror editor with versions comes later. */
export function GlueSection({ draft, setField, errors }: SectionProps) {
  const t = useT()
  return (
    <Stack gap="sm">
      <Select
        label={t('editor.glueType')}
        data={GLUE_TYPES.map((value) => ({ value, label: value }))}
        value={draft.glueType}
        onChange={(value) => value && setField('glueType', value as GlueType)}
        allowDeselect={false}
        error={errors.glueType}
        data-testid="field-glueType"
      />
      {draft.glueType !== 'BEAN' && (
        <>
          <Textarea
            label={t('editor.glueSource')}
            value={draft.glueSource}
            onChange={(event) => setField('glueSource', event.currentTarget.value)}
            error={errors.glueSource}
            autosize
            minRows={6}
            maxRows={20}
            classNames={{ input: 'jd-mono' }}
            spellCheck={false}
            data-testid="field-glueSource"
          />
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
