import { parseArgs } from 'node:util'
import { API_ARGUMENTS } from '../../shared/schema/api-args'
import { inputProblems } from '../../shared/schema/parse-input'
import { UsageError } from '../kernel/command-line'
import { isIanaZone, withXxlPassword, XXL_CONFLICTS, XXL_RUN_DAYS_MAX, type XxlConflict, type XxlImportRequest } from '../../shared/xxl-import'

export const USAGE = `usage: npm run import-xxl -- --from mysql://user@host:3306/xxl_job [--dry-run] [--with-runs DAYS]
                          [--on-conflict skip|rename|replace] [--timezone Asia/Shanghai]
                          [--data-dir DIR | --database postgres://… | mysql://… | FILE] [--json]
  The XXL-JOB password: in the URL (mysql://user:password@…), or in the environment as XXL_JOB_PASSWORD
  (kept out of the process list). --dry-run reports what would happen and writes nothing.`

/** The flag each request field comes from, for the schema's messages. */
const FLAG_OF: Record<string, string> = { url: '--from', withRunsDays: '--with-runs', timezone: '--timezone', onConflict: '--on-conflict' }

export interface XxlCliConfig {
  request: XxlImportRequest
  dataDir: string | undefined
  database: string | undefined
  json: boolean
}

/**
 * The command line of `npm run import-xxl`. A password from XXL_JOB_PASSWORD goes into the URL
 * here, where only this process sees it.
 * @throws UsageError naming the flag and the rule.
 */
export function parseXxlCliArgs(argv: readonly string[], env: NodeJS.ProcessEnv): XxlCliConfig | 'help' {
  let values
  try {
    ;({ values } = parseArgs({
      args: [...argv],
      options: {
        from: { type: 'string' },
        'dry-run': { type: 'boolean', default: false },
        'with-runs': { type: 'string' },
        'on-conflict': { type: 'string', default: 'skip' },
        timezone: { type: 'string' },
        'data-dir': { type: 'string' },
        database: { type: 'string' },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
      strict: true,
    }))
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
  if (values.help) return 'help'
  if (!values.from) throw new UsageError('--from: give the XXL-JOB database, e.g. mysql://user@host:3306/xxl_job')
  const conflict = values['on-conflict']!
  if (!(XXL_CONFLICTS as readonly string[]).includes(conflict)) throw new UsageError(`--on-conflict: '${conflict}' is not skip, rename or replace`)
  let withRunsDays: number | undefined
  if (values['with-runs'] !== undefined) {
    withRunsDays = Number(values['with-runs'])
    if (!Number.isInteger(withRunsDays) || withRunsDays < 1 || withRunsDays > XXL_RUN_DAYS_MAX) {
      throw new UsageError(`--with-runs: '${values['with-runs']}' is not a number of days from 1 to ${XXL_RUN_DAYS_MAX}`)
    }
  }
  if (values.timezone !== undefined && !isIanaZone(values.timezone))
    throw new UsageError(`--timezone: '${values.timezone}' is not an IANA time zone (e.g. Asia/Shanghai)`)
  if (values['data-dir'] !== undefined && values.database !== undefined) throw new UsageError('--data-dir and --database: give one of them')
  if (values.database !== undefined && values.database.trim() === '')
    throw new UsageError('--database: empty; give a postgres:// or mysql:// URL or a SQLite file path')
  const request: XxlImportRequest = {
    url: withXxlPassword(values.from, env.XXL_JOB_PASSWORD),
    dryRun: values['dry-run']!,
    onConflict: conflict as XxlConflict,
    withRunsDays,
    timezone: values.timezone,
  }
  // The same schema the console's call passes (the flags' own checks above say it in flag terms first).
  const checked = inputProblems(API_ARGUMENTS.importFromXxl, [request], 'arguments')
  if (!checked.ok) {
    const [{ field, message }] = checked.problems
    const name = field.replace(/^arguments(\[0\])?\.?/, '')
    throw new UsageError(`${FLAG_OF[name] ?? name}: ${message}`)
  }
  return {
    request,
    dataDir: values['data-dir'],
    database: values.database ?? (env.JOBDESK_DATABASE_URL?.trim() || undefined),
    json: values.json!,
  }
}
