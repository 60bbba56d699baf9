import { NumberInput, Select, Stack, Switch, TextInput } from '@mantine/core'
import { checkParamValue, type ParamDecl } from '../../../../shared/job-params'
import { SECRET_NAME_PATTERN } from '../../../../shared/secret-names'
import { renderMessage } from '../../i18n/server-text'
import { useLanguage, useT } from '../../i18n/use-t'
import { useSecretNames } from './use-secret-names'

/** What the form holds per parameter: text as typed (numbers too, so a half-typed one is kept), a bool as a bool. */
export type ParamEntries = Record<string, string | boolean>

/** The form's starting values: each parameter's default, or empty. */
export function initialEntries(decls: readonly ParamDecl[]): ParamEntries {
  return Object.fromEntries(decls.map((decl) => [decl.name, decl.type === 'bool' ? decl.default === true : decl.default === null ? '' : String(decl.default)]))
}

/** The values to send: a blank field left out (the core gives it its default, or refuses a required one). */
export function entriesToValues(entries: ParamEntries): Record<string, string | boolean> {
  return Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== ''))
}

/**
 * The problems of the entries by parameter name, in `language`: the core's own rule
 * (checkParamValue), so the form refuses what the core would, beside the field.
 */
export function useEntryProblems(): (decls: readonly ParamDecl[], entries: ParamEntries) => Record<string, string> {
  const language = useLanguage()
  return (decls, entries) => {
    const problems: Record<string, string> = {}
    for (const decl of decls) {
      const value = entries[decl.name]
      if (value === '' || value === undefined) {
        if (decl.required && decl.default === null) problems[decl.name] = renderMessage(language, { code: 'params.missing', params: { name: decl.name } }) ?? ''
        continue
      }
      const checked = checkParamValue(decl, value)
      if ('problem' in checked) problems[decl.name] = renderMessage(language, checked.problem) ?? checked.problem.code
    }
    return problems
  }
}

interface ParamsFormProps {
  decls: readonly ParamDecl[]
  entries: ParamEntries
  onChange(entries: ParamEntries): void
  errors: Readonly<Record<string, string>>
  disabled?: boolean
  /** Whose secrets a `secret` parameter chooses among: a job's group (its own and the global ones); absent, every secret the caller sees (a flow's). */
  secretsOfGroup?: number
}

/** The trigger dialog's form of a job's declared parameters: one field per parameter, by its type, its description as help, its error beside it. */
export function ParamsForm({ decls, entries, onChange, errors, disabled, secretsOfGroup }: ParamsFormProps) {
  const set = (name: string, value: string | boolean) => onChange({ ...entries, [name]: value })
  const secretNames = useSecretNames(
    decls.some((decl) => decl.type === 'secret'),
    secretsOfGroup,
  )
  return (
    <Stack gap="xs" data-testid="params-form">
      {decls.map((decl) => (
        <ParamField
          key={decl.name}
          decl={decl}
          value={entries[decl.name] ?? ''}
          onChange={(value) => set(decl.name, value)}
          error={errors[decl.name]}
          disabled={disabled}
          secretNames={secretNames}
        />
      ))}
    </Stack>
  )
}

interface ParamFieldProps {
  decl: ParamDecl
  value: string | boolean
  onChange(value: string | boolean): void
  error: string | undefined
  disabled?: boolean
  secretNames: string[] | null
}

function ParamField({ decl, value, onChange, error, disabled, secretNames }: ParamFieldProps) {
  const t = useT()
  const common = {
    label: decl.name,
    description: decl.type === 'secret' ? [decl.description, t('params.secretHint')].filter(Boolean).join(' ') : decl.description || undefined,
    withAsterisk: decl.required,
    error,
    disabled,
    'data-testid': `param-${decl.name}`,
  }
  const text = typeof value === 'string' ? value : ''
  if (decl.type === 'bool') return <Switch {...common} checked={value === true} onChange={(event) => onChange(event.currentTarget.checked)} />
  if (decl.type === 'enum')
    return <Select {...common} data={decl.enum} value={text || null} onChange={(picked) => onChange(picked ?? '')} clearable={!decl.required} />
  if (decl.type === 'int' || decl.type === 'number')
    return <NumberInput {...common} value={text} allowDecimal={decl.type === 'number'} onChange={(next) => onChange(String(next))} />
  if (decl.type === 'date' || decl.type === 'datetime') {
    // Typed text (so a wrong date is shown wrong beside the field), with the browser's own picker beside it.
    const pickerType = decl.type === 'date' ? 'date' : 'datetime-local'
    const picker = (
      <input
        type={pickerType}
        aria-label={t('params.pickDate')}
        style={{ width: 22, border: 'none', background: 'transparent' }}
        value=""
        onChange={(event) => event.currentTarget.value && onChange(event.currentTarget.value)}
        disabled={disabled}
        data-testid={`param-${decl.name}-picker`}
      />
    )
    const placeholder = decl.type === 'date' ? 'YYYY-MM-DD' : 'YYYY-MM-DDTHH:mm'
    return (
      <TextInput
        {...common}
        value={text}
        placeholder={placeholder}
        onChange={(event) => onChange(event.currentTarget.value)}
        rightSection={picker}
        rightSectionWidth={34}
      />
    )
  }
  // secret: a choice among the names the store lists; while they are not read, a typed name by the store's name rule.
  if (decl.type === 'secret' && secretNames !== null)
    return (
      <Select
        {...common}
        data={secretNames}
        value={text || null}
        onChange={(picked) => onChange(picked ?? '')}
        searchable
        clearable={!decl.required}
        nothingFoundMessage={t('params.noSecrets')}
      />
    )
  const pattern = decl.type === 'secret' ? SECRET_NAME_PATTERN.source : undefined
  return <TextInput {...common} value={text} pattern={pattern} onChange={(event) => onChange(event.currentTarget.value)} classNames={{ input: 'jd-mono' }} />
}
