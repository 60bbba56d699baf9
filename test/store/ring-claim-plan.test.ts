import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../src/main/store/open-database'
import { claimStatement } from '../../src/main/store/ring-repo'
import { makeTempDir } from '../support/temp-dir'

/**
 * The ring's bulk claim runs about 150 times a second at 10k every-second jobs: on SQLite (no
 * statistics, as a new file has) it must find each fire by the primary key, not walk the node's
 * whole ring through the node index — the plan, not a timing, is what this checks.
 */
let dir: ReturnType<typeof makeTempDir>
let db: Db
beforeEach(() => {
  dir = makeTempDir('jobdesk-ring-plan-')
  db = openDatabase(join(dir.path, 'jobdesk.db'))
})
afterEach(() => {
  db.close()
  dir.remove()
})

it.each([1, 2, 64])('claims %i fires by primary-key probes, never through the node index', (size) => {
  const params = ['node-a', ...Array.from({ length: size }, (_, i) => [i + 1, 1_000]).flat()]
  const plan = (db.prepare(`EXPLAIN QUERY PLAN ${claimStatement(size)}`).all(...params) as { detail: string }[]).map((row) => row.detail)
  expect(plan.some((detail) => /PRIMARY KEY \(job_id=\? AND schedule_time=\?\)/.test(detail))).toBe(true)
  expect(plan.filter((detail) => detail.includes('job_ring_node'))).toEqual([])
})
