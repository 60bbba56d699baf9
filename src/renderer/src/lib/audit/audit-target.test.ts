import { describe, expect, it } from 'vitest'
import { parseAuditTarget } from './audit-target'

describe('parseAuditTarget', () => {
  it('reads the objects the core names by id', () => {
    expect(parseAuditTarget('job 5')).toEqual({ kind: 'job', id: 5 })
    expect(parseAuditTarget('run 812')).toEqual({ kind: 'run', id: 812 })
    expect(parseAuditTarget('group 2')).toEqual({ kind: 'group', id: 2 })
    expect(parseAuditTarget('flow run 9')).toEqual({ kind: 'flowRun', id: 9 })
    expect(parseAuditTarget('flow 9')).toEqual({ kind: 'flow', id: 9 })
    expect(parseAuditTarget('user 1')).toEqual({ kind: 'user', id: 1 })
    expect(parseAuditTarget('token 4')).toEqual({ kind: 'token', id: 4 })
  })

  it('reads new objects, names and links', () => {
    expect(parseAuditTarget('new job')).toEqual({ kind: 'newJob' })
    expect(parseAuditTarget('new group')).toEqual({ kind: 'newGroup' })
    expect(parseAuditTarget('new flow')).toEqual({ kind: 'newFlow' })
    expect(parseAuditTarget("user 'ann.lee'")).toEqual({ kind: 'user', name: 'ann.lee' })
    expect(parseAuditTarget("token 'ci deploy'")).toEqual({ kind: 'token', name: 'ci deploy' })
    expect(parseAuditTarget('user admin')).toEqual({ kind: 'user', name: 'admin' })
    expect(parseAuditTarget('link 3 → 4')).toEqual({ kind: 'link', parentId: 3, childId: 4 })
  })

  it('keeps anything else as it is: an address, a method', () => {
    expect(parseAuditTarget('http://127.0.0.1:9999/')).toEqual({ kind: 'text', text: 'http://127.0.0.1:9999/' })
    expect(parseAuditTarget('listJobs')).toEqual({ kind: 'text', text: 'listJobs' })
    expect(parseAuditTarget('')).toEqual({ kind: 'text', text: '' })
  })
})
