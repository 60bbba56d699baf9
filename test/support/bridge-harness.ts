import type Database from 'better-sqlite3'
import { join } from 'node:path'
import { databaseFile } from '../../src/main/app/data-dir'
import { EMBEDDED_APP_NAME, type JobGroup, type JobInfo } from '../../src/shared/model'
import { BridgeClient, type BridgeAnswer } from './bridge-client'
import { changedTables, openReadOnly, settledChecksums, tableChecksums, type TableChecksums } from './db-checksum'
import type { FuzzTally } from './fuzz-run'
import { clip } from './fuzz-run'
import { checkRefusalMessage, type Outcome } from './fuzz-verdict'
import { QUIET_REGISTRY_ARGS, startHeadlessChild, type HeadlessChild } from './headless-child'
import { jobInput } from './job-input'
import { makeTempDir } from './temp-dir'

/** Rows of the bridge fixture that fuzzed arguments point at. */
export interface BridgeFixture {
  embeddedGroupId: number
  groupId: number
  jobA: number
  jobB: number
  glueJob: number
}

/**
 * Headless mode as a child process for the bridge tests and fuzz: a witness console connected the whole
 * time (it must stay connected whatever another socket sends), a read-only connection for table
 * checksums, and a restart when an input killed the process (the property has failed by then; the
 * next one needs a server).
 */
export class BridgeHarness {
  private witness!: BridgeClient
  private fuzzSocket: BridgeClient | null = null
  private baseline: TableChecksums = {}
  fixture!: BridgeFixture

  private constructor(
    private child: HeadlessChild,
    private readonly reader: Database.Database,
    /** Every restart reuses this data folder; removed at stop. */
    private readonly dir: { path: string; remove: () => void },
  ) {}

  static async start(): Promise<BridgeHarness> {
    const dir = makeTempDir('jobdesk-bridge-')
    const child = await startHeadlessChild({ dataDir: join(dir.path, 'data'), extraArgs: QUIET_REGISTRY_ARGS }).catch((error: unknown) => {
      dir.remove()
      throw error
    })
    const harness = new BridgeHarness(child, openReadOnly(databaseFile(child.dataDir)), dir)
    harness.witness = await BridgeClient.connect(child.origin, child.consoleToken)
    harness.fixture = await createFixture(harness.witness)
    harness.baseline = await settledChecksums(harness.reader)
    return harness
  }

  get server(): HeadlessChild {
    return this.child
  }

  /** Restarts headless mode on the same data folder if an earlier input killed it. */
  async ensureRunning(): Promise<void> {
    if (this.child.alive() && !this.witness.closed) return
    this.fuzzSocket?.close()
    this.fuzzSocket = null
    this.witness.close()
    if (this.child.alive()) await this.child.kill()
    this.child = await startHeadlessChild({ dataDir: this.child.dataDir, extraArgs: QUIET_REGISTRY_ARGS })
    this.witness = await BridgeClient.connect(this.child.origin, this.child.consoleToken)
    this.baseline = await settledChecksums(this.reader)
  }

  /** The socket fuzzed messages go to; a new one when the bridge closed the last. */
  async socket(): Promise<BridgeClient> {
    if (!this.fuzzSocket || this.fuzzSocket.closed) this.fuzzSocket = await BridgeClient.connect(this.child.origin, this.child.consoleToken)
    return this.fuzzSocket
  }

  /** Sends one message on the fuzz socket and checks the properties for what came back. */
  async check(text: string, tally: FuzzTally): Promise<void> {
    const socket = await this.socket()
    let answer: BridgeAnswer
    try {
      answer = await socket.send(text)
    } catch (error) {
      await this.expectAlive()
      throw error
    }
    await this.judge(answer, tally)
  }

  /**
   * An ok result is an accepted call (it may write); an error result or this socket closing is a
   * refusal (nothing written). Either way the process and the witness must still be there.
   */
  async judge(answer: BridgeAnswer, tally: FuzzTally): Promise<Outcome> {
    await this.expectAlive()
    const outcome: Outcome = answer.kind === 'result' && answer.result.ok ? 'accepted' : 'refused'
    if (answer.kind === 'result' && !answer.result.ok) checkRefusalMessage(answer.result.error?.message)
    tally.note(outcome)
    if (outcome === 'accepted') {
      this.baseline = await settledChecksums(this.reader)
      return outcome
    }
    const changed = changedTables(this.baseline, tableChecksums(this.reader))
    if (changed.length > 0) {
      this.baseline = await settledChecksums(this.reader)
      throw new Error(`refused (${clip(JSON.stringify(answer), 300)}) but tables changed: ${changed.join(', ')}`)
    }
    return outcome
  }

  /** The process is up and the witness console, on its own socket, still gets answers. */
  async expectAlive(): Promise<void> {
    const answer = await this.witness.call('getOverview', [], 10_000).catch((error: Error) => ({ kind: 'error' as const, message: error.message }))
    if (answer.kind === 'result' && answer.result.ok) return
    const exit = await Promise.race([this.child.exited, new Promise<null>((resolve) => setTimeout(() => resolve(null), 3000))])
    if (exit) throw new Error(`headless mode died (exit ${exit.code ?? exit.signal}); its output ends:\n${clip(this.child.output().slice(-2000), 2000)}`)
    throw new Error(`the witness console lost the bridge (${JSON.stringify(answer)}) while the process lives`)
  }

  async stop(): Promise<void> {
    this.fuzzSocket?.close()
    this.witness?.close()
    this.reader.close()
    await this.child.stop()
    this.dir.remove()
  }
}

async function createFixture(bridge: BridgeClient): Promise<BridgeFixture> {
  const groups = await bridge.value<JobGroup[]>('listGroups')
  const embeddedGroupId = groups.find((g) => g.appName === EMBEDDED_APP_NAME)!.id
  const group = await bridge.value<JobGroup>('saveGroup', [
    { appName: 'fuzz-lan', name: 'Fuzz LAN', addressType: 1, addressList: 'http://127.0.0.1:9/', accessToken: '' },
  ])
  const none = { scheduleType: 'NONE', scheduleConf: '' } as const
  const jobA = (await bridge.value<JobInfo>('saveJob', [jobInput(embeddedGroupId, { ...none, name: 'bridge A' })])).id
  const jobB = (await bridge.value<JobInfo>('saveJob', [jobInput(embeddedGroupId, { ...none, name: 'bridge B' })])).id
  // A script job on a LAN group nobody serves: its GLUE can be edited, and a trigger cannot run it.
  const glueJob = (
    await bridge.value<JobInfo>('saveJob', [
      jobInput(group.id, { ...none, name: 'bridge glue', glueType: 'GLUE_SHELL', glueSource: 'echo never run', executorHandler: '' }),
    ])
  ).id
  await bridge.value('saveLink', [{ parentJobId: jobA, childJobId: jobB, condition: 'SUCCESS' }])
  return { embeddedGroupId, groupId: group.id, jobA, jobB, glueJob }
}
