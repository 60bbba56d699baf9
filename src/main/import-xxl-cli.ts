/**
 * `npm run import-xxl -- --from mysql://user@host/xxl_job [--dry-run] …`: moves the groups, jobs,
 * links, GLUE histories and (with --with-runs) recent runs of an XXL-JOB database into a JobDesk
 * data folder or database. Exit code 0 when the report is printed (flagged and refused jobs are in
 * it), 1 when nothing could be imported (unreachable, not XXL-JOB, refused as a whole), 2 for a bad
 * command line.
 */
import { resolveDataDir, databaseFile } from './app/data-dir'
import { composeXxlImport } from './import-xxl/compose-xxl-import'
import { parseXxlCliArgs, USAGE } from './import-xxl/xxl-cli-args'
import { exitWith, readCommandLine } from './kernel/command-line'
import { formatXxlReport } from './import-xxl/xxl-report-text'
import { openStore } from './store/open-store'
import { DatabaseOpenError } from './store/open-database'
import { describeError, ValidationError } from '../shared/errors'

const NAME = 'import-xxl'

const fail = (message: string, exitCode: number): never => exitWith(NAME, message, exitCode)

async function main(): Promise<void> {
  const config = readCommandLine(
    NAME,
    () => parseXxlCliArgs(process.argv.slice(2), process.env),
    USAGE,
    (message) => `${message}\n${USAGE}`,
  )
  if (!config) return
  let store
  try {
    store = await openStore(config.database ?? databaseFile(resolveDataDir(config.dataDir)))
  } catch (error) {
    if (error instanceof DatabaseOpenError) fail(error.message, 1)
    throw error
  }
  try {
    const importer = composeXxlImport(store, { nowMs: () => Date.now(), localZone: Intl.DateTimeFormat().resolvedOptions().timeZone })
    const report = await importer.run(config.request, (p) => {
      if (!config.json && p.total > 0 && (p.phase === 'runs' || p.phase === 'jobs')) process.stderr.write(`${p.phase}: ${p.done}/${p.total}\n`)
    })
    console.log(config.json ? JSON.stringify(report, null, 2) : formatXxlReport(report).join('\n'))
  } catch (error) {
    if (error instanceof ValidationError) {
      await store.close()
      fail(`${describeError(error)}\nNothing was imported.`, 1)
    }
    throw error
  } finally {
    await store.close().catch(() => undefined)
  }
}

main().catch((error: unknown) => {
  console.error(`${NAME}: ${(error as Error).stack ?? String(error)}`)
  process.exit(1)
})
