import { afterEach, describe, expect, it } from 'vitest'
import { EMBEDDED_APP_NAME } from '../../../src/shared/model'
import { artifactPath } from '../../../src/shared/artifacts-api'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { artifactsCommand } from '../../../src/main/cli/commands/artifacts'
import type { Out } from '../../../src/main/cli/output'
import { ServerClient } from '../../../src/main/cli/server-client'
import { makeTempDir } from '../../support/temp-dir'
import { addFlow, nodeOf, runFlow } from '../../support/flow-harness'
import { startLanAdmin, TEST_TOKEN, type LanAdmin } from '../../support/lan-harness'

/**
 * Run artifacts end to end (docs/artifacts.md): a GLUE shell script writes files into
 * $JOBDESK_ARTIFACTS_DIR on the embedded executor and on a LAN agent; JobDesk keeps them within
 * its limits, says in the run's log what it kept and refused, lists them and serves them over HTTP.
 */

const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='
const SCRIPT = `#!/bin/bash
printf 'name,count\\na,1\\nb,2\\n' > "$JOBDESK_ARTIFACTS_DIR/report.csv"
echo '${PNG_BASE64}' | base64 -d > "$JOBDESK_ARTIFACTS_DIR/dot.png"
head -c 3000 /dev/zero > "$JOBDESK_ARTIFACTS_DIR/big.bin"
echo done
`
const LIMITS = { perFileBytes: 2048, perRunBytes: 1024 * 1024, serverBytes: 10 * 1024 * 1024, filesPerRun: 10 }
const AGENT_APP = 'artifact-agent'

let admin: LanAdmin | undefined
afterEach(async () => {
  await admin?.stop()
  admin = undefined
})

async function runScript(appName: string): Promise<number> {
  const jobId = await admin!.addJob(appName, { name: `artifacts on ${appName}`, glueType: 'GLUE_SHELL', glueSource: SCRIPT, executorHandler: '' })
  await admin!.headless.core.api.triggerJob({ jobId })
  const [run] = await admin!.finishedRuns(jobId, 1)
  expect(run.handleCode).toBe(200)
  return run.id
}

async function logOf(runId: number): Promise<string> {
  return (await admin!.headless.core.api.getRunLog({ logId: runId, fromLineNum: 1 })).logContent
}

async function expectKept(runId: number): Promise<void> {
  const api = admin!.headless.core.api
  const log = await logOf(runId)
  expect(log).toContain('artifact report.csv: kept (19 B, text/csv)')
  expect(log).toContain('artifact dot.png: kept (70 B, image/png)')
  expect(log).toContain('artifact big.bin: 2.9 KB is over the 2 KB limit per file')
  const listed = await api.listArtifacts({ runId })
  expect(listed.map((a) => [a.name, a.size, a.contentType])).toEqual([
    ['dot.png', 70, 'image/png'],
    ['report.csv', 19, 'text/csv'],
  ])

  const token = { 'XXL-JOB-ACCESS-TOKEN': admin!.headless.core.settings.apiToken() }
  const csv = await fetch(`${admin!.url}${artifactPath(runId, 'report.csv')}`, { headers: token })
  expect(csv.status).toBe(200)
  expect(csv.headers.get('content-type')).toBe('text/plain; charset=utf-8')
  expect(csv.headers.get('x-content-type-options')).toBe('nosniff')
  expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="report.csv"; filename*=UTF-8''report.csv`)
  expect(await csv.text()).toBe('name,count\na,1\nb,2\n')
  const png = await fetch(`${admin!.url}${artifactPath(runId, 'dot.png')}`, { headers: token })
  expect(png.headers.get('content-type')).toBe('image/png')
  expect(Buffer.from(await png.arrayBuffer()).equals(Buffer.from(PNG_BASE64, 'base64'))).toBe(true)

  // No credential, a wrong one, a name the run has not, a name that tries to leave the folder.
  expect((await fetch(`${admin!.url}${artifactPath(runId, 'report.csv')}`)).status).toBe(401)
  expect((await fetch(`${admin!.url}${artifactPath(runId, 'report.csv')}`, { headers: { 'XXL-JOB-ACCESS-TOKEN': 'wrong-token-0123456789' } })).status).toBe(401)
  expect((await fetch(`${admin!.url}${artifactPath(runId, 'big.bin')}`, { headers: token })).status).toBe(404)
  expect((await fetch(`${admin!.url}/api/artifacts/${runId}/..%2Fjobdesk.db`, { headers: token })).status).toBe(404)
}

describe('run artifacts', () => {
  it('keeps what a GLUE script leaves on the embedded executor, refuses a file over the limit, and serves the rest', async () => {
    admin = await startLanAdmin({ enableScripts: true, artifactLimits: LIMITS })
    const runId = await runScript(EMBEDDED_APP_NAME)
    await expectKept(runId)

    // jobdesk artifacts RUN -o DIR, against the server.
    const out = makeTempDir('jobdesk-cli-')
    try {
      const client = ServerClient.from({ server: admin.url, token: admin.headless.core.settings.apiToken() }, {})
      const quiet: Out = { write: () => {}, error: () => {}, colors: {} as Out['colors'] }
      expect(await artifactsCommand(client, quiet, String(runId), { output: out.path })).toBe(0)
      expect(readdirSync(out.path).sort()).toEqual(['dot.png', 'report.csv'])
      expect(readFileSync(join(out.path, 'report.csv'), 'utf8')).toBe('name,count\na,1\nb,2\n')
    } finally {
      out.remove()
    }
  })

  it('has a LAN agent upload them as the run, and refuses an upload for a run the credential may not report', async () => {
    admin = await startLanAdmin({ enableScripts: true, artifactLimits: LIMITS })
    await admin.startAgent(AGENT_APP, { enableScripts: true })
    await admin.groupAddresses(AGENT_APP, 1)
    const runId = await runScript(AGENT_APP)
    await expectKept(runId)

    // The run has ended: its executor may no longer add to it; an embedded run never takes uploads.
    const put = (id: number) =>
      fetch(`${admin!.url}${artifactPath(id, 'late.txt')}`, {
        method: 'PUT',
        headers: { 'XXL-JOB-ACCESS-TOKEN': TEST_TOKEN, 'XXL-JOB-APPNAME': AGENT_APP },
        body: 'late',
      })
    const late = await put(runId)
    expect(late.status).toBe(403)
    expect(await late.text()).toContain(`run ${runId} is not one this credential may report`)
    const embeddedRun = await runScript(EMBEDDED_APP_NAME)
    expect((await put(embeddedRun)).status).toBe(403)
    expect((await admin.headless.core.api.listArtifacts({ runId })).map((a) => a.name)).toEqual(['dot.png', 'report.csv'])
  })
})

describe("a flow node's artifact by reference", () => {
  it('gives the child a URL its run fetches once: the first fetch gets the file, the second is refused', async () => {
    admin = await startLanAdmin({ enableScripts: true })
    const host = { core: admin.headless.core }
    const make = await admin.addJob(EMBEDDED_APP_NAME, {
      name: 'makes a report',
      glueType: 'GLUE_SHELL',
      executorHandler: '',
      glueSource: `#!/bin/bash\nprintf 'id,total\\n1,42\\n' > "$JOBDESK_ARTIFACTS_DIR/report.csv"\n`,
    })
    // $1 is the node's parameter: the link. Fetched twice; each answer's status and body go to the log.
    const take = await admin.addJob(EMBEDDED_APP_NAME, {
      name: 'takes the report',
      glueType: 'GLUE_SHELL',
      executorHandler: '',
      glueSource: `#!/bin/bash\necho "first: $(curl -s -w ' %{http_code}' "$1")"\necho "second: $(curl -s -w ' %{http_code}' "$1")"\n`,
    })
    const flowId = await addFlow(
      host,
      'artifact hand-over',
      [
        { key: 'make', jobId: make },
        { key: 'take', jobId: take, param: '${nodes.make.artifacts.report.csv}' },
      ],
      ['make>take'],
    )
    const run = await runFlow(host, flowId)
    expect(run.state).toBe('success')
    const takeRun = nodeOf(run, 'take').runIds.at(-1)!
    const param = (await admin.headless.core.api.getRun(takeRun)).executorParam
    expect(param).toMatch(new RegExp(`^${admin.url}/api/artifact-links/[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$`))
    const log = await logOf(takeRun)
    expect(log).toContain('first: id,total\n1,42\n 200')
    expect(log).toContain('second: artifact link refused: the link has been used: it is good for one fetch\n 403')
    // Once the child's run has ended, nobody can use a link made for it.
    expect((await fetch(param)).status).toBe(403)
  })
})
