import { mkdirSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { DefinitionDocument } from '../../../shared/schema/definition-files'
import { CliError } from '../cli-error'
import { yamlText, type Out } from '../output'
import type { ServerClient } from '../server-client'

export interface ExportOptions {
  format?: string
  output?: string
  job?: string[]
}

/**
 * `jobdesk export`: the server's calendars, groups, jobs, flows and windows in the format `apply` reads — one
 * stream on stdout, or with `-o DIR` one file per object (calendars/, groups/, jobs/<group>/, flows/, windows/, llm-providers/), so the folder can
 * go into git as it is and be applied onto another server.
 */
export async function exportCommand(client: ServerClient, out: Out, options: ExportOptions, cwd: string): Promise<number> {
  const format = options.format ?? 'yaml'
  if (format !== 'yaml' && format !== 'json') throw new CliError(`--format: '${format}' is not yaml or json`)
  const documents = await client.call<DefinitionDocument[]>('exportDefinitions', options.job ? { names: options.job } : {})
  if (options.output === undefined) {
    out.write(format === 'json' ? `${JSON.stringify(documents, null, 2)}\n` : documents.map(yamlText).join('---\n'))
    return 0
  }
  const folder = resolve(cwd, options.output)
  const taken = new Set<string>()
  for (const document of documents) {
    const path = uniquePath(fileOf(document, format), taken)
    mkdirSync(join(folder, path, '..'), { recursive: true })
    writeFileSync(join(folder, path), format === 'json' ? `${JSON.stringify(document, null, 2)}\n` : yamlText(document))
  }
  out.error(`wrote ${documents.length} file(s) under ${options.output}\n`)
  return 0
}

/** A name safe in any file system: lower case, with anything but letters, digits, '.', '_' and '-' as '-'. */
export function slug(name: string): string {
  const cut = name
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[-.]+|-+$/g, '')
  return cut === '' ? 'unnamed' : cut.slice(0, 80)
}

function fileOf(document: DefinitionDocument, format: string): string {
  const ext = format === 'json' ? 'json' : 'yaml'
  if (document.kind === 'Calendar') return join('calendars', `${slug(document.name)}.${ext}`)
  if (document.kind === 'Group') return join('groups', `${slug(document.name)}.${ext}`)
  if (document.kind === 'Job') return join('jobs', slug(document.group), `${slug(document.name)}.${ext}`)
  if (document.kind === 'Window') return join('windows', `${slug(document.name)}.${ext}`)
  if (document.kind === 'LlmProvider') return join('llm-providers', `${slug(document.name)}.${ext}`)
  return join('flows', `${slug(document.name)}.${ext}`)
}

/** Two names with one slug (`a b` and `a-b`) get `-2`, `-3`… in the order the server lists them. */
function uniquePath(path: string, taken: Set<string>): string {
  let candidate = path
  for (let n = 2; taken.has(candidate); n++) candidate = path.replace(/(\.\w+)$/, `-${n}$1`)
  taken.add(candidate)
  return candidate
}
