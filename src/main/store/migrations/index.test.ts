import { describe, expect, it } from 'vitest'
import { LATEST_SCHEMA_VERSION, MIGRATIONS } from './index'

/** The first version a server engine could use: its step holds SQLite's schema at that version in one. */
const FIRST_SERVER_VERSION = 5

describe('the list of migration steps', () => {
  it('numbers the steps 1, 2, 3 … without a gap, the last being the latest version', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(Array.from({ length: MIGRATIONS.length }, (_, i) => i + 1))
    expect(LATEST_SCHEMA_VERSION).toBe(MIGRATIONS.length)
  })

  it('gives every step from version 5 on a PostgreSQL and a MySQL part, and none before', () => {
    for (const step of MIGRATIONS) {
      const servers = step.version >= FIRST_SERVER_VERSION
      expect({ version: step.version, postgres: step.postgres !== undefined, mysql: step.mysql !== undefined }).toEqual({
        version: step.version,
        postgres: servers,
        mysql: servers,
      })
    }
  })
})
