import fc from 'fast-check'
import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest'
import type { ApiMethod } from '../../src/shared/api'
import { API_METHODS } from '../../src/shared/api-methods'
import { describeHostile, EDGE_STRINGS, hostile, jsonText, loopbackOnly, mutatedObject, type Hostile } from '../support/fuzz-values'
import { BridgeHarness, type BridgeFixture } from '../support/bridge-harness'
import { runFuzz } from '../support/fuzz-run'
import { jobInput } from '../support/job-input'

/**
 * The console bridge of headless mode (a child process: an input that crashes it must not take
 * the test runner along), fed arbitrary messages and every API method with arbitrary arguments:
 * each gets an ok:false result, an ok:true one, or its socket alone is closed; the process and a
 * second console stay up; a refused call writes nothing.
 */
let harness: BridgeHarness
beforeAll(async () => (harness = await BridgeHarness.start()), 60_000)
afterAll(async () => harness?.stop())
beforeEach(async () => harness.ensureRunning())

const RUNS_PER_METHOD = 10

/**
 * A valid-looking argument list per method, pointing at the fixture's rows. A method without one
 * (added since) is fuzzed with hostile arguments only.
 */
function templateArgs(f: BridgeFixture): Partial<Record<ApiMethod, Hostile[]>> {
  const job = jobInput(f.embeddedGroupId, { scheduleType: 'NONE', scheduleConf: '', name: 'fuzzed' }) as unknown as Record<string, Hostile>
  return {
    getOverview: [],
    getAlarmHealth: [],
    listGroups: [],
    listJobs: [],
    listLastRuns: [],
    getJob: [f.jobA],
    saveJob: [{ ...job, id: f.jobB }],
    deleteJob: [f.jobB],
    startJob: [f.jobA],
    stopJob: [f.jobA],
    triggerJob: [{ jobId: f.jobA, executorParam: 'fuzz', addressList: ['jobdesk://embedded/'] }],
    previewSchedule: [{ scheduleType: 'CRON', scheduleConf: '0 0 3 * * ?', timezone: 'UTC', count: 5, fromMs: 0 }],
    listRuns: [{ jobId: f.jobA, limit: 10 }],
    getRun: [1],
    getRunLog: [{ logId: 1, fromLineNum: 1, maxLines: 10 }],
    watchRunLog: [1, 1],
    unwatchRunLog: [1],
    getDailyReport: [{ days: 7 }],
    saveGroup: [{ id: f.groupId, appName: 'fuzz-lan', name: 'Fuzz LAN', addressType: 1, addressList: 'http://127.0.0.1:9/', accessToken: '' }],
    deleteGroup: [f.groupId],
    listRegistry: [],
    probeExecutor: [{ address: 'http://127.0.0.1:9/', kind: 'beat', groupId: f.groupId }],
    previewRoute: [{ jobId: f.jobA, addressList: ['http://127.0.0.1:9/'] }],
    killRun: [1],
    listLinks: [],
    saveLink: [{ parentJobId: f.jobA, childJobId: f.jobB, condition: 'SUCCESS' }],
    deleteLink: [{ parentJobId: f.jobA, childJobId: f.jobB }],
    createHook: [{ jobId: f.jobA }],
    listHooks: [{ jobId: f.jobA }],
    getHook: [{ id: 'AAAAAAAAAAAAAAAAAAAAAA' }],
    removeHook: [{ id: 'AAAAAAAAAAAAAAAAAAAAAA' }],
    listGlueVersions: [f.glueJob],
    saveGlue: [{ jobId: f.glueJob, glueSource: 'echo fuzzed, never run', glueRemark: 'fuzz' }],
    exportJobs: [{ jobIds: [f.jobA] }],
    importJobs: [{ document: { version: 1, groups: [], jobs: [], links: [] }, onConflict: 'skip' }],
    getSettings: [],
    saveSettings: [{ logRetentionDays: 30 }],
    regenerateAccessToken: [],
    sendTestEmail: [{ to: 'fuzz@127.0.0.1.invalid' }],
    testWebhook: [{ url: 'http://127.0.0.1:9/hook' }],
    testImChannel: [{ name: 'ops' }],
    listWindows: [],
    addWindow: [{ name: 'fuzzed', timezone: 'Europe/Berlin', cron: '0 0 2 ? * SAT', durationSec: 7200, jobIds: [f.jobA], killRunning: true }],
    updateWindow: [{ id: 1, name: 'fuzzed', timezone: 'UTC', start: '2027-01-01T00:00:00Z', end: 1_798_765_200_000, groupIds: [f.embeddedGroupId] }],
    removeWindow: [{ id: 1 }],
    getMaintenance: [],
    setMaintenance: [{ on: false, reason: 'fuzzed' }],
    listMissedSlots: [{ jobId: f.jobA, from: '2026-12-01T00:00:00+08:00', to: 1_796_000_000_000 }],
    listJobRunsOverTime: [{ jobId: f.jobA, limit: 50 }],
    getJobRankings: [],
    listAlarms: [{ from: '2026-12-01T00:00:00+08:00', to: 1_796_000_000_000, jobId: f.jobA, state: 'failed' }],
    getAlarm: [{ id: 1 }],
    resendAlarm: [{ id: 1 }],
    listArtifacts: [{ runId: 1 }],
  }
}

/** Arguments: the valid list with one argument made hostile, any hostile list, or no list at all. */
function argsFor(template: Hostile[]): fc.Arbitrary<Hostile> {
  const mutatedList = template.map((arg) =>
    typeof arg === 'object' && arg !== null && !Array.isArray(arg) ? mutatedObject(arg as Record<string, Hostile>) : hostile,
  )
  return fc.oneof(
    { weight: 4, arbitrary: mutatedList.length === 0 ? fc.constant([] as Hostile[]) : fc.tuple(...mutatedList) },
    { weight: 2, arbitrary: fc.array(hostile, { maxLength: 3 }) },
    { weight: 1, arbitrary: hostile },
  )
}

/** A message: text as is, or a call whose id and arguments are hostile values (expanded when sent). */
type BridgeInput = { text: string } | { method: string; id: Hostile; args: Hostile }

/** The message's text. Alarm settings are never sent: a valid SMTP host would be contacted. */
function messageText(input: BridgeInput): string {
  if ('text' in input) return loopbackOnly(input.text)
  let args = input.args
  if (input.method === 'saveSettings' && Array.isArray(args) && typeof args[0] === 'object' && args[0] !== null && !Array.isArray(args[0])) {
    const { alarms: _never, ...settings } = args[0] as Record<string, Hostile>
    args = [settings, ...args.slice(1)]
  }
  return loopbackOnly(`{"type":"call","id":${jsonText(input.id)},"method":${JSON.stringify(input.method)},"args":${jsonText(args)}}`)
}

function describeInput(input: BridgeInput): string {
  return 'text' in input ? JSON.stringify(input.text) : `${input.method} id=${describeHostile(input.id)} args=${describeHostile(input.args)}`
}

describe('fuzzing the console bridge', () => {
  it('any message: not JSON, JSON of any shape, unknown methods', async () => {
    const texts = fc.oneof(
      fc.string({ maxLength: 50, unit: 'binary' }),
      fc.constantFrom(
        'null',
        'true',
        '0',
        '""',
        '[]',
        '{}',
        '[null]',
        '{"id":1}',
        '{"id":"x","method":"listJobs","args":[]}',
        '{"id":1,"method":"listJobs"}',
        '{"id":1,"method":"listJobs","args":{}}',
      ),
      hostile.map(jsonText),
    )
    const messages: fc.Arbitrary<BridgeInput> = fc.oneof(
      texts.map((text) => ({ text })),
      fc.record({
        id: fc.oneof(fc.integer(), hostile),
        method: fc.constantFrom(...EDGE_STRINGS, 'constructor', '__proto__', 'toString', 'valueOf', 'then'),
        args: fc.constant([] as Hostile),
      }),
    )
    await runFuzz('bridge any message', messages, (input, tally) => harness.check(messageText(input), tally), {
      numRuns: 60,
      examples: [{ text: 'null' }, { text: '[]' }, { text: '"x"' }],
      endOnFailure: true,
      describe: describeInput,
    })
  })

  for (const method of API_METHODS) {
    it(`${method} with arbitrary arguments`, async () => {
      const args = argsFor(templateArgs(harness.fixture)[method] ?? [])
      const id = fc.oneof({ weight: 5, arbitrary: fc.integer({ min: 1, max: 2 ** 31 }) as fc.Arbitrary<Hostile> }, { weight: 1, arbitrary: hostile })
      const messages: fc.Arbitrary<BridgeInput> = fc.record({ method: fc.constant(method), id, args })
      await runFuzz(`bridge ${method}`, messages, (input, tally) => harness.check(messageText(input), tally), {
        numRuns: RUNS_PER_METHOD,
        endOnFailure: true,
        describe: describeInput,
      })
    })
  }
})
