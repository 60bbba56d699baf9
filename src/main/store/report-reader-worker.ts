import Database from 'better-sqlite3'
import { parentPort, workerData } from 'node:worker_threads'
import type { ReportReaderSettings, ReportReply, ReportRequest } from './report-reader'
import type { RunFilter } from '../../shared/api'
import { runFilterSchema } from '../../shared/schema/api-args'
import { inputProblems } from '../../shared/schema/parse-input'
import { countFailedSince, runListQuery } from './run-report-queries'
import { RunViewRepo } from './run-view-repo'
import { SqliteConnection } from './sqlite/sqlite-connection'

/**
 * The reads of report-reads.ts (the dashboard's aggregates, the ids of a page of runs) on a
 * read-only connection of this thread's own: a day of runs is read here while the core's thread
 * goes on answering and firing. Read-only, it can change nothing; the requests come from the core,
 * and are still checked before they are run.
 */
const settings = workerData as ReportReaderSettings
const db = new Database(settings.file, { readonly: true, fileMustExist: true, nativeBinding: settings.nativeBinding, timeout: 5000 })
const connection = new SqliteConnection(db)
const views = new RunViewRepo(connection)

parentPort!.on('message', (request: ReportRequest) => {
  void answer(request).then((reply) => parentPort!.postMessage(reply))
})

async function answer(request: ReportRequest): Promise<ReportReply> {
  const id = request.id
  try {
    return { id, ok: true, value: await run(request) }
  } catch (error) {
    return { id, ok: false, message: (error as Error).message }
  }
}

function run({ method, args }: ReportRequest): Promise<unknown> {
  if (method === 'runIds') return runIds(args[0])
  const [sinceMs, groupIds] = args
  if (!Number.isFinite(sinceMs)) throw new Error(`${method}: expected a time in milliseconds, got ${String(sinceMs)}`)
  switch (method) {
    case 'countFailedSince':
      return countFailedSince(connection, sinceMs as number)
    case 'rankings':
      if (groupIds !== null && !(Array.isArray(groupIds) && groupIds.every(Number.isInteger)))
        throw new Error('rankings: expected the group ids as whole numbers, or null for every group')
      return views.rankings(sinceMs as number, groupIds as number[] | null)
    default:
      throw new Error(`no such report read: ${String(method)}`)
  }
}

/** The ids of a page of the runs list. The filter passed the API's schema in the core; the same schema checks it again here. */
async function runIds(filter: unknown): Promise<number[]> {
  const { sql, args } = runListQuery(checkedRunFilter(filter), 'id')
  return (await connection.all<{ id: number }>(sql, args)).map((row) => row.id)
}

function checkedRunFilter(value: unknown): RunFilter {
  const checked = inputProblems(runFilterSchema, value, 'filter')
  if (checked.ok) return checked.value
  const [first] = checked.problems
  throw new Error(`runIds: ${first.field} ${first.message}`)
}
