import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { JOBDESK_VERSION } from '../../shared/version'

describe('the version JobDesk reports', () => {
  it('is the version of package.json', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }
    expect(JOBDESK_VERSION).toBe(pkg.version)
  })
})
