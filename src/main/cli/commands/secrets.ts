import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { JobGroup } from '../../../shared/model'
import type { SecretSummary } from '../../../shared/secrets'
import { CliError } from '../cli-error'
import { printRows, timeText, type Column, type OutputFormat, type Out } from '../output'
import type { ServerClient } from '../server-client'

export interface SecretSetOptions {
  group?: string
  fromEnv?: string
  fromFile?: string
  /** Never taken: present only to be refused with the reason. */
  value?: string
}

/** Why `--value` is refused, in the words the operator reads. */
export const VALUE_REFUSED =
  "--value is refused: a value on the command line stays in the shell's history and is shown to every user of the machine by ps; give --from-env VAR or --from-file FILE"

/** `jobdesk secret set NAME --group G --from-env VAR | --from-file F`: the value comes from the environment or a file, never from an argument. */
export async function secretSetCommand(
  client: ServerClient,
  out: Out,
  name: string,
  options: SecretSetOptions,
  env: NodeJS.ProcessEnv,
  cwd: string,
): Promise<number> {
  if (options.value !== undefined) throw new CliError(VALUE_REFUSED)
  const value = secretValueFrom(options, env, cwd)
  const groupId = await groupIdOf(client, options.group)
  const { version } = await client.call<{ version: number }>('setSecret', { name, groupId, value })
  out.write(`secret ${name} ${scopeText(options.group)} set: version ${version}\n`)
  return 0
}

/** `jobdesk secret rm NAME [--group G]`. */
export async function secretRemoveCommand(client: ServerClient, out: Out, name: string, options: { group?: string }): Promise<number> {
  await client.call('removeSecret', { name, groupId: await groupIdOf(client, options.group) })
  out.write(`secret ${name} ${scopeText(options.group)} removed, with every version\n`)
  return 0
}

/** `jobdesk get secrets [--group G]`: names, scopes, who set them and when — the server never answers with a value. */
export async function getSecrets(client: ServerClient, out: Out, format: OutputFormat, group: string | undefined): Promise<void> {
  const groups = await client.call<Omit<JobGroup, 'accessToken'>[]>('listGroups')
  const groupId = group === undefined ? undefined : groupOf(groups, group).id
  const secrets = await client.call<SecretSummary[]>('listSecrets', groupId === undefined ? {} : { groupId })
  const names = new Map(groups.map((g) => [g.id, g.appName]))
  printRows(
    out,
    secrets,
    secretColumns((id) => names.get(id) ?? String(id)),
    format,
  )
}

function secretColumns(appNameOf: (groupId: number) => string): Column<SecretSummary>[] {
  return [
    { header: 'NAME', value: (s) => s.name },
    { header: 'GROUP', value: (s) => (s.groupId === null ? '(global)' : appNameOf(s.groupId)) },
    { header: 'SET BY', value: (s) => s.setBy },
    { header: 'SET AT', value: (s) => timeText(s.setAtMs) },
    { header: 'VERSIONS', value: (s) => String(s.versions) },
    { header: 'CREATED BY', value: (s) => s.createdBy, wide: true },
    { header: 'CREATED AT', value: (s) => timeText(s.createdAtMs), wide: true },
  ]
}

function secretValueFrom(options: SecretSetOptions, env: NodeJS.ProcessEnv, cwd: string): string {
  if ((options.fromEnv === undefined) === (options.fromFile === undefined)) throw new CliError('secret set: give one of --from-env VAR or --from-file FILE')
  if (options.fromEnv !== undefined) {
    const value = env[options.fromEnv]
    if (value === undefined || value === '') throw new CliError(`--from-env: the variable ${options.fromEnv} is not set or empty`)
    return value
  }
  let text: string
  try {
    text = readFileSync(resolve(cwd, options.fromFile!), 'utf8')
  } catch (error) {
    throw new CliError(`--from-file: cannot read ${options.fromFile}: ${(error as Error).message}`)
  }
  // One line ending is what an editor or `echo` leaves at the end; the value is the rest, byte for byte.
  const value = text.replace(/\r?\n$/, '')
  if (value === '') throw new CliError(`--from-file: ${options.fromFile} is empty`)
  return value
}

/** A group's id by its app name (or id); none: global. */
async function groupIdOf(client: ServerClient, group: string | undefined): Promise<number | undefined> {
  if (group === undefined) return undefined
  return groupOf(await client.call<Omit<JobGroup, 'accessToken'>[]>('listGroups'), group).id
}

function groupOf(groups: readonly Omit<JobGroup, 'accessToken'>[], ref: string): Omit<JobGroup, 'accessToken'> {
  const found = groups.find((g) => g.appName === ref) ?? (/^\d+$/.test(ref) ? groups.find((g) => g.id === Number(ref)) : undefined)
  if (!found) throw new CliError(`--group: no executor group '${ref}' that you can see (give its app name or id)`)
  return found
}

function scopeText(group: string | undefined): string {
  return group === undefined ? '(global)' : `of group ${group}`
}
