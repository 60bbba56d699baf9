import type { DefinitionChange, DefinitionPlan, PruneMode } from '../../../shared/definition-plan'
import { safeLine } from '../../../shared/definition-values'
import { CliError, EXIT } from '../cli-error'
import { problemLines, readDefinitionFiles, type DefinitionFiles } from '../definition-files'
import type { Out } from '../output'
import { RefusedCall, type ServerClient } from '../server-client'

export interface ApplyOptions {
  filename: string[]
  dryRun?: boolean
  prune?: boolean
  pruneAll?: boolean
  output?: string
}

/**
 * `jobdesk apply -f PATH…` and `jobdesk diff -f PATH…`: the files' plan against the server, applied
 * in one transaction (apply) or only printed (diff, apply --dry-run). Returns the exit code: diff
 * says 1 when the server differs, as diff(1) and kubectl diff do.
 */
export async function applyCommand(client: ServerClient, out: Out, options: ApplyOptions, mode: 'apply' | 'diff', cwd: string): Promise<number> {
  const files = readDefinitionFiles(options.filename, cwd)
  const prune: PruneMode = options.pruneAll ? 'all' : options.prune ? 'files' : 'none'
  const dryRun = mode === 'diff' || options.dryRun === true
  const plan = await refusedAtLines(files, () => client.call<DefinitionPlan>('applyDefinitions', { sources: files.sources, dryRun, prune }))
  if (options.output === 'json') out.write(`${JSON.stringify(plan, null, 2)}\n`)
  else printPlan(out, plan, mode === 'apply' && !dryRun)
  if (mode === 'diff') return plan.changes.length > 0 ? EXIT.differs : EXIT.ok
  return EXIT.ok
}

/** Runs a call that sends the files, turning the server's problems into file:line:column lines. */
export async function refusedAtLines<T>(files: DefinitionFiles, call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    if (error instanceof RefusedCall && error.problems.length > 0) {
      throw new CliError(`${error.problems.length} problem(s) in the files, nothing was applied`, problemLines(files, error.problems))
    }
    throw error
  }
}

/**
 * An update's values, one line each (`schedule.cron: '0 30 3 * * ?' → '0 45 3 * * ?'`), as
 * `terraform plan` shows them. The server sends them as safe text already; they are escaped again
 * here, since what reaches a terminal is the CLI's to keep harmless.
 */
export function valueLines(change: DefinitionChange): { field: string; before: string; after: string }[] {
  const shown = (text: string | null) => (text === null ? '(none)' : safeLine(text))
  return (change.values ?? []).map((v) => ({ field: safeLine(v.field), before: shown(v.before), after: shown(v.after) }))
}

const SIGNS: Record<DefinitionChange['action'], string> = { create: '+', update: '~', delete: '-' }

function printPlan(out: Out, plan: DefinitionPlan, applying: boolean): void {
  const { colors: c } = out
  const paint: Record<DefinitionChange['action'], (text: string) => string> = { create: c.green, update: c.yellow, delete: c.red }
  if (plan.changes.length === 0) {
    out.write(`no changes (${plan.unchanged} object(s) as the files say)\n`)
    return
  }
  for (const change of plan.changes) {
    const fields = change.fields.length > 0 ? `: ${change.fields.join(', ')}` : ''
    const file = change.file === '' ? '' : c.dim(`  (${change.file})`)
    out.write(`${paint[change.action](`${SIGNS[change.action]} ${change.action} ${change.kind} ${change.key}`)}${fields}${file}\n`)
    for (const line of valueLines(change)) out.write(`    ${line.field}: ${c.red(line.before)} → ${c.green(line.after)}\n`)
  }
  const count = (action: DefinitionChange['action']) => plan.changes.filter((ch) => ch.action === action).length
  if (applying) out.write(`applied: ${count('create')} created, ${count('update')} updated, ${count('delete')} deleted, ${plan.unchanged} unchanged\n`)
  else out.write(`plan: ${count('create')} to create, ${count('update')} to update, ${count('delete')} to delete, ${plan.unchanged} unchanged\n`)
}
