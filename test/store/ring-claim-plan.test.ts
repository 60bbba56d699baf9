import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../src/main/store/open-database'
import { claimStatement, STALE_JOBS_STATEMENT } from '../../src/main/store/ring-repo'
import { makeTempDir } from '../support/temp-dir'

/**
 * Two ring queries run often at 10k every-second jobs: the bulk claim about 150 times a second, the
 * stale-fire query on every scan. On SQLite (no statistics, as a new file has) each must go by the
 * right index — the claim by primary key, the stale query by fire_at — not walk the whole ring: the
 * plan, not a timing, is what this checks. Every fire writes a ring row and deletes it, so the ring
 * keeps no index those two do not need.
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

it.each([
  [1, true],
  [2, true],
  [64, true],
  [64, false],
])('claims %i fires by primary-key probes, never by walking the ring (RETURNING: %s)', (size, returning) => {
  const params = ['node-a', ...Array.from({ length: size }, (_, i) => [i + 1, 1_000]).flat()]
  const plan = (db.prepare(`EXPLAIN QUERY PLAN ${claimStatement(size, returning)}`).all(...params) as { detail: string }[]).map((row) => row.detail)
  expect(plan.some((detail) => /PRIMARY KEY \(job_id=\? AND schedule_time=\?\)/.test(detail))).toBe(true)
  expect(plan.filter((detail) => detail.startsWith('SCAN job_ring'))).toEqual([])
})

it('keeps only the primary key and the fire_at index on the ring (each fire writes and deletes an entry in every index)', () => {
  const indexes = (db.pragma('index_list(job_ring)') as { name: string; origin: string }[]).map((index) => `${index.name} (${index.origin})`)
  expect(indexes.sort()).toEqual(['job_ring_fire_at (c)', 'sqlite_autoindex_job_ring_1 (pk)'])
})

it('looks for stale fires through the fire_at index, not by walking the whole ring', () => {
  const plan = (db.prepare(`EXPLAIN QUERY PLAN ${STALE_JOBS_STATEMENT}`).all(1_000, 100) as { detail: string }[]).map((row) => row.detail)
  expect(plan.some((detail) => detail.includes('job_ring_fire_at (fire_at<?)'))).toBe(true)
  expect(plan.filter((detail) => detail.startsWith('SCAN job_ring'))).toEqual([])
})
