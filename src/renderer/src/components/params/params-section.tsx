import { ActionIcon, Button, Checkbox, Group, Select, Stack, Text, Textarea, TextInput } from '@mantine/core'
import { PARAM_FORMATS, PARAM_TYPES, type ParamDecl, type ParamFormat, type ParamsFields, type ParamValue } from '../../../../shared/job-params'
import type { MessageKey } from '../../i18n/dictionary'
import { useT } from '../../i18n/use-t'
import { TrashIcon } from '../../kit/icons'

/** A default as typed into its text field: a number for int and number parameters when it reads as one, a bool for bool, else the text; blank is none. */
function defaultOf(type: ParamDecl['type'], text: string): ParamValue | null {
  if (text === '') return null
  if ((type === 'int' || type === 'number') && text.trim() !== '' && Number.isFinite(Number(text))) return Number(text)
  if (type === 'bool' && (text === 'true' || text === 'false')) return text === 'true'
  return text
}

const newDecl = (index: number): ParamDecl => ({
  name: `param${index + 1}`,
  type: 'string',
  required: false,
  default: null,
  enum: [],
  pattern: '',
  description: '',
})

interface ParamsSectionProps {
  fields: ParamsFields
  change(fields: ParamsFields): void
  /** The save's error about the parameters (the core names `params[i].field` or `paramTemplate`). */
  error: string | undefined
}

/**
 * The job editor's Parameters: declare each (name, type, required, default, enum values, pattern,
 * description) and the format the values reach the executor in (docs/parameters.md). The core
 * checks the declaration at save; its error shows under the list.
 */
export function ParamsSection({ fields, change, error }: ParamsSectionProps) {
  const t = useT()
  const decls = fields.params ?? []
  const format = fields.paramFormat ?? 'json'
  const setDecls = (next: ParamDecl[]) =>
    change(next.length === 0 ? { params: undefined, paramFormat: undefined, paramTemplate: undefined } : { ...fields, params: next, paramFormat: format })
  const setDecl = (index: number, patch: Partial<ParamDecl>) => setDecls(decls.map((decl, i) => (i === index ? { ...decl, ...patch } : decl)))
  return (
    <Stack gap="xs" data-testid="params-section">
      <Text size="xs" c="dimmed">
        {t('params.hint')}
      </Text>
      {decls.map((decl, index) => (
        <Stack key={index} gap={4} data-testid={`param-row-${index}`}>
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label={t('params.name')}
              w={150}
              value={decl.name}
              onChange={(e) => setDecl(index, { name: e.currentTarget.value })}
              data-testid={`param-row-${index}-name`}
            />
            <Select
              label={t('params.type')}
              w={170}
              data={PARAM_TYPES.map((type) => ({ value: type, label: t(`params.type.${type}` as MessageKey) }))}
              value={decl.type}
              allowDeselect={false}
              onChange={(type) => type && setDecl(index, { type: type as ParamDecl['type'] })}
              data-testid={`param-row-${index}-type`}
            />
            <TextInput
              label={t('params.default')}
              w={150}
              value={decl.default === null ? '' : String(decl.default)}
              onChange={(e) => setDecl(index, { default: defaultOf(decl.type, e.currentTarget.value) })}
              data-testid={`param-row-${index}-default`}
            />
            <Checkbox label={t('params.required')} checked={decl.required} onChange={(e) => setDecl(index, { required: e.currentTarget.checked })} mb={8} />
            <ActionIcon variant="subtle" color="red" aria-label={t('common.delete')} onClick={() => setDecls(decls.filter((_, i) => i !== index))} mb={6}>
              <TrashIcon size={14} />
            </ActionIcon>
          </Group>
          <Group gap="xs" grow>
            {decl.type === 'enum' && (
              <TextInput
                label={t('params.enumValues')}
                value={decl.enum.join(', ')}
                onChange={(e) =>
                  setDecl(index, {
                    enum: e.currentTarget.value
                      .split(',')
                      .map((v) => v.trim())
                      .filter(Boolean),
                  })
                }
              />
            )}
            {decl.type === 'string' && (
              <TextInput
                label={t('params.pattern')}
                value={decl.pattern}
                onChange={(e) => setDecl(index, { pattern: e.currentTarget.value })}
                classNames={{ input: 'jd-mono' }}
              />
            )}
            <TextInput label={t('params.description')} value={decl.description} onChange={(e) => setDecl(index, { description: e.currentTarget.value })} />
          </Group>
        </Stack>
      ))}
      <Group>
        <Button variant="light" size="xs" onClick={() => setDecls([...decls, newDecl(decls.length)])} data-testid="params-add">
          {t('params.add')}
        </Button>
        {decls.length > 0 && (
          <Select
            w={280}
            aria-label={t('params.format')}
            data={PARAM_FORMATS.map((value) => ({ value, label: t(`params.format.${value}` as MessageKey) }))}
            value={format}
            allowDeselect={false}
            onChange={(value) => value && change({ ...fields, paramFormat: value as ParamFormat })}
            data-testid="params-format"
          />
        )}
      </Group>
      {decls.length > 0 && format === 'template' && (
        <Textarea
          label={t('params.template')}
          value={fields.paramTemplate ?? ''}
          onChange={(e) => change({ ...fields, paramTemplate: e.currentTarget.value })}
          autosize
          minRows={2}
          classNames={{ input: 'jd-mono' }}
          data-testid="params-template"
        />
      )}
      {error && (
        <Text size="xs" c="red" data-testid="params-error">
          {error}
        </Text>
      )}
    </Stack>
  )
}
