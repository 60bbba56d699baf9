import { Ajv2020 } from 'ajv/dist/2020.js'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { definitionsJsonSchema } from '../../../src/main/cli/definitions-json-schema'
import type { DefinitionsRefusedError } from '../../../src/main/definitions/files/definition-service'
import { definitionDocumentSchema } from '../../../src/shared/schema/definition-files'
import { startTestCore, type TestCore } from '../../support/core-harness'
import { refusalOf } from '../../support/expect-code'

/**
 * `kind: Window` in definition files through the API `jobdesk apply`, `diff` and `export` call: a
 * window names groups, jobs and flows by name, resolved at apply (to what is on the server or in the
 * same files), refused at its place in the request when a name names nothing; export writes it back.
 */
let t: TestCore
beforeEach(async () => {
  t = await startTestCore()
})
afterEach(async () => {
  await t.stop()
})

const job = (name: string) => ({ kind: 'Job', name, group: 'jobdesk-embedded', handler: 'demoJobHandler', schedule: { cron: '0 0 3 * * ?', timezone: 'UTC' } })
const flow = { kind: 'Flow', name: 'nightly etl', group: 'jobdesk-embedded', nodes: [{ key: 'a', job: 'extract' }] }
const patchNight = {
  kind: 'Window',
  name: 'patch night',
  timezone: 'Europe/Berlin',
  cron: '0 0 2 ? * SAT',
  durationSec: 10_800,
  jobs: ['jobdesk-embedded/settlement'],
  flows: ['nightly etl'],
  killRunning: true,
}
const move = {
  kind: 'Window',
  name: 'db move',
  timezone: 'UTC',
  start: '2027-03-01T23:00:00+01:00',
  end: Date.parse('2027-03-02T02:00:00Z'),
  groups: ['jobdesk-embedded'],
}
const sources = (...documents: unknown[]) => documents.map((document, i) => ({ file: `defs/${i}.yaml`, document }))
const apply = (documents: unknown[], options: { dryRun?: boolean; prune?: 'none' | 'files' } = {}) =>
  t.core.api.applyDefinitions({ sources: sources(...documents), dryRun: options.dryRun ?? false, prune: options.prune ?? 'none' })

describe('kind: Window in definition files', () => {
  it('creates windows whose names resolve to the objects the same files create, then says unchanged; export writes them back', async () => {
    const files = [job('settlement'), job('extract'), flow, patchNight, move]
    const dry = await apply(files, { dryRun: true })
    expect(dry.changes.filter((c) => c.kind === 'Window').map((c) => `${c.action} ${c.key}`)).toEqual(['create patch night', 'create db move'])
    expect(await t.core.api.listWindows()).toEqual([])

    const applied = await apply(files)
    expect(applied.applied).toBe(true)
    const jobs = await t.core.api.listJobs()
    const flows = await t.core.api.listFlows()
    const windows = await t.core.api.listWindows()
    expect(windows.find((w) => w.name === 'patch night')).toMatchObject({
      timing: { kind: 'recurring', cron: '0 0 2 ? * SAT', durationSec: 10_800 },
      scope: { all: false, groupIds: [], jobIds: [jobs.find((j) => j.name === 'settlement')!.id], flowIds: [flows[0].flow.id] },
      killRunning: true,
      updatedBy: 'jobdesk apply',
    })
    expect(windows.find((w) => w.name === 'db move')).toMatchObject({
      timing: { kind: 'once', startMs: Date.parse('2027-03-01T22:00:00Z'), endMs: Date.parse('2027-03-02T02:00:00Z') },
      scope: { all: false, groupIds: [t.groupId] },
    })
    expect(await apply(files)).toEqual({ changes: [], unchanged: 5, applied: false })
    expect((await t.core.api.listDefinitionOrigins()).filter((o) => o.kind === 'Window').map((o) => o.key)).toEqual(['db move', 'patch night'])

    const exported = (await t.core.api.exportDefinitions({})).filter((d) => d.kind === 'Window')
    expect(exported).toEqual([
      { kind: 'Window', name: 'db move', timezone: 'UTC', start: '2027-03-01T22:00:00.000Z', end: '2027-03-02T02:00:00.000Z', groups: ['jobdesk-embedded'] },
      { ...patchNight },
    ])
    // What export wrote applies back as it is.
    expect(await apply([job('settlement'), job('extract'), flow, ...exported], { dryRun: true })).toMatchObject({ changes: [], unchanged: 5 })
  })

  it('lists the fields of a window that change, and prunes a window the files no longer name (but never one made in the console)', async () => {
    await apply([job('settlement'), job('extract'), flow, patchNight])
    await t.core.api.addWindow({ name: 'made by hand', timezone: 'UTC', cron: '0 0 4 * * ?', durationSec: 60 })
    const edited = { ...patchNight, durationSec: 3600, jobs: [], groups: ['jobdesk-embedded'] }
    const plan = await apply([job('settlement'), job('extract'), flow, edited], { dryRun: true })
    expect(plan.changes).toEqual([
      {
        action: 'update',
        kind: 'Window',
        key: 'patch night',
        file: 'defs/3.yaml',
        fields: ['durationSec', 'groups', 'jobs'],
        values: [
          { field: 'durationSec', before: '10800', after: '3600' },
          { field: 'groups', before: '[]', after: '["jobdesk-embedded"]' },
          { field: 'jobs', before: '["jobdesk-embedded/settlement"]', after: '[]' },
        ],
      },
    ])

    const pruned = await apply([job('settlement'), job('extract'), flow], { prune: 'files' })
    expect(pruned.changes).toEqual([{ action: 'delete', kind: 'Window', key: 'patch night', file: '', fields: [] }])
    expect((await t.core.api.listWindows()).map((w) => w.name)).toEqual(['made by hand'])
    expect((await t.core.api.listDefinitionOrigins()).filter((o) => o.kind === 'Window')).toEqual([])
  })

  it('refuses a name that names nothing, and a window the scheduler could not use, each at its place, writing nothing', async () => {
    const refused = (await refusalOf(
      apply([
        job('settlement'),
        { ...patchNight, jobs: ['jobdesk-embedded/settlement', 'jobdesk-embedded/nowhere'], flows: ['no such flow'], groups: ['ghost-app'] },
        { kind: 'Window', name: 'bad', timezone: 'Mars/Olympus', cron: '0 0 25 * * ?', durationSec: 60 },
        { kind: 'Window', name: 'backwards', timezone: 'UTC', start: '2027-01-02T00:00:00Z', end: '2027-01-01T00:00:00Z' },
      ]),
    )) as DefinitionsRefusedError
    expect(refused.problems.map((p) => [p.field, p.code])).toEqual([
      ['sources[1].document.groups[0]', 'definitions.windowGroupUnknown'],
      ['sources[1].document.jobs[1]', 'definitions.windowJobUnknown'],
      ['sources[1].document.flows[0]', 'definitions.windowFlowUnknown'],
      ['sources[2].document.timezone', 'window.timezone'],
      ['sources[3].document.end', 'window.endBeforeStart'],
    ])
    expect(refused.problems[1].params).toMatchObject({ group: 'jobdesk-embedded', name: 'nowhere' })
    expect(await t.core.api.listJobs()).toEqual([])
    expect(await t.core.api.listWindows()).toEqual([])

    // A job the same apply prunes is not there to hold.
    await apply([job('settlement'), { ...patchNight, flows: [] }])
    const gone = (await refusalOf(apply([{ ...patchNight, flows: [] }], { prune: 'files' }))) as DefinitionsRefusedError
    expect(gone.problems.map((p) => p.field)).toEqual(['sources[0].document.jobs[0]'])
  })

  it('checks a window file by the published JSON Schema and the zod schema alike', () => {
    const validate = new Ajv2020({ allErrors: true, strict: false }).compile(definitionsJsonSchema())
    for (const good of [patchNight, move]) {
      expect(validate(good), JSON.stringify(validate.errors)).toBe(true)
      expect(definitionDocumentSchema.safeParse(good).success).toBe(true)
    }
    for (const bad of [
      { ...move, scope: 'all' },
      { ...patchNight, durationSec: 'three hours' },
      { ...patchNight, killRunning: 'yes' },
    ]) {
      expect(validate(bad)).toBe(false)
      expect(definitionDocumentSchema.safeParse(bad).success).toBe(false)
    }
    expect(definitionDocumentSchema.safeParse({ ...patchNight, jobs: ['settlement'] }).error?.issues[0]).toMatchObject({
      params: { code: 'definitions.windowJobRef' },
    })
  })
})
