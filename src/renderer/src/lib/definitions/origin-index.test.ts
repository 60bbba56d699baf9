import { describe, expect, it } from 'vitest'
import type { DefinitionOrigin } from '../../../../shared/definition-origin'
import { fileBaseName, indexOrigins, originAppName, originIndexKey } from './origin-index'

const origin = (key: string, file: string, appliedAtMs = 1000): DefinitionOrigin => ({ kind: 'Job', key, file, appliedAtMs })

describe('indexOrigins', () => {
  it('keeps unchanged entries, and the whole index when nothing changed', () => {
    const first = indexOrigins([origin('a/x', 'x.yaml'), origin('a/y', 'y.yaml')], {})
    expect(indexOrigins([origin('a/x', 'x.yaml'), origin('a/y', 'y.yaml')], first)).toBe(first)

    const moved = indexOrigins([origin('a/x', 'x.yaml'), origin('a/y', 'y.yaml', 2000)], first)
    expect(moved).not.toBe(first)
    expect(moved[originIndexKey('Job', 'a/x')]).toBe(first[originIndexKey('Job', 'a/x')])
    expect(moved[originIndexKey('Job', 'a/y')].appliedAtMs).toBe(2000)

    // One gone: a new index without it.
    const fewer = indexOrigins([origin('a/x', 'x.yaml')], first)
    expect(Object.keys(fewer)).toEqual([originIndexKey('Job', 'a/x')])
  })
})

describe('fileBaseName', () => {
  it('takes the last segment of either slash', () => {
    expect(fileBaseName('jobs/report.yaml')).toBe('report.yaml')
    expect(fileBaseName('C:\\ops\\jobs\\report.yaml')).toBe('report.yaml')
    expect(fileBaseName('report.yaml')).toBe('report.yaml')
    expect(fileBaseName('jobs/')).toBe('jobs')
  })
})

describe('originAppName', () => {
  it('is a group’s own name, a job’s group, and none for a flow', () => {
    expect(originAppName({ kind: 'Group', key: 'billing' })).toBe('billing')
    expect(originAppName({ kind: 'Job', key: 'billing/month/end' })).toBe('billing')
    expect(originAppName({ kind: 'Flow', key: 'billing/report' })).toBeNull()
  })
})
