import { ActionIcon, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core'
import { useState } from 'react'
import { ENV_MAX_ENTRIES, ENV_NAME_PATTERN, envSecretName, SECRET_NAME_PATTERN } from '../../../../../shared/secret-names'
import { useSecretNames } from '../../../components/params/use-secret-names'
import { useT } from '../../../i18n/use-t'
import type { SectionProps } from './section-props'

/** One row as typed: a half-typed variable or a row without its secret yet is kept, not dropped. */
interface EnvRow {
  variable: string
  secret: string
}

function rowsOf(env: Readonly<Record<string, string>> | undefined): EnvRow[] {
  return Object.entries(env ?? {}).map(([variable, ref]) => ({ variable, secret: envSecretName(ref) ?? '' }))
}

/**
 * The env the draft saves: complete rows only, each value a reference (`secrets.NAME`), never a
 * value. A duplicate variable keeps its first row; the row says so beside it.
 */
function envOf(rows: readonly EnvRow[]): Record<string, string> | undefined {
  const env: Record<string, string> = {}
  for (const { variable, secret } of rows) {
    if (variable === '' || secret === '' || variable in env) continue
    env[variable] = `secrets.${secret}`
  }
  return Object.keys(env).length === 0 ? undefined : env
}

/**
 * A script job's environment variables, each naming a secret of the job's group: the script reads
 * `$DB_PASS`, and the value is put in only when a run is sent to an address of the group — never
 * spliced into the source, never shown here.
 */
export function EnvSection({ draft, setField, errors }: SectionProps) {
  const t = useT()
  const [rows, setRows] = useState<EnvRow[]>(() => rowsOf(draft.env))
  const names = useSecretNames(true, draft.jobGroup)
  const change = (next: EnvRow[]) => {
    setRows(next)
    setField('env', envOf(next))
  }
  const update = (index: number, patch: Partial<EnvRow>) => change(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)))
  const rowError = (row: EnvRow, index: number): string | undefined => {
    if (row.variable !== '' && !ENV_NAME_PATTERN.test(row.variable)) return t('env.badVariable')
    if (rows.findIndex((other) => other.variable === row.variable) !== index) return t('env.duplicate')
    return undefined
  }
  return (
    <Stack gap="xs" data-testid="env-section">
      <Text size="sm" c="dimmed">
        {t('env.hint')}
      </Text>
      {rows.map((row, index) => (
        <Group key={index} align="flex-start" wrap="nowrap" data-testid="env-row">
          <TextInput
            label={index === 0 ? t('env.variable') : undefined}
            aria-label={t('env.variable')}
            placeholder="DB_PASS"
            value={row.variable}
            onChange={(event) => update(index, { variable: event.currentTarget.value.trim() })}
            error={rowError(row, index)}
            style={{ flex: 1 }}
            data-testid="env-variable"
          />
          {names === null ? (
            <TextInput
              label={index === 0 ? t('env.secret') : undefined}
              aria-label={t('env.secret')}
              value={row.secret}
              onChange={(event) => update(index, { secret: event.currentTarget.value.trim() })}
              error={row.secret !== '' && !SECRET_NAME_PATTERN.test(row.secret) ? t('env.badSecret') : undefined}
              style={{ flex: 1 }}
              data-testid="env-secret"
            />
          ) : (
            <Select
              label={index === 0 ? t('env.secret') : undefined}
              aria-label={t('env.secret')}
              data={[...new Set([...names, ...(row.secret === '' ? [] : [row.secret])])]}
              value={row.secret === '' ? null : row.secret}
              onChange={(value) => update(index, { secret: value ?? '' })}
              searchable
              nothingFoundMessage={t('params.noSecrets')}
              style={{ flex: 1 }}
              data-testid="env-secret"
            />
          )}
          <ActionIcon
            variant="subtle"
            color="red"
            mt={index === 0 ? 26 : 4}
            aria-label={t('env.remove', { variable: row.variable || '…' })}
            onClick={() => change(rows.filter((_, i) => i !== index))}
          >
            ×
          </ActionIcon>
        </Group>
      ))}
      {errors.env && (
        <Text size="xs" c="red" role="alert">
          {errors.env}
        </Text>
      )}
      <Group>
        <Button
          variant="light"
          size="xs"
          disabled={rows.length >= ENV_MAX_ENTRIES}
          onClick={() => setRows([...rows, { variable: '', secret: '' }])}
          data-testid="env-add"
        >
          {t('env.add')}
        </Button>
      </Group>
    </Stack>
  )
}
