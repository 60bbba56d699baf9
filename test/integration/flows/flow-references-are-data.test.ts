import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assembleCore, type CoreParts } from '../../../src/main/app/core'
import { runLogDir } from '../../../src/main/app/data-dir'
import { startHeadless, type Headless } from '../../../src/main/app/headless'
import { jobDeskSignature } from '../../../src/main/hooks/hook-signature'
import { silentLogger } from '../../../src/main/kernel/logger'
import { jobInputOf } from '../../../src/shared/job-defaults'
import { EMBEDDED_APP_NAME, type JobInput } from '../../../src/shared/model'
import type { FlowRun } from '../../../src/shared/flow-types'
import { addFlow, flowRunEnded, nodeOf, runFlow, statesOf } from '../../support/flow-harness'
import { jobInput } from '../../support/job-input'
import { makeTempDir } from '../../support/temp-dir'

/**
 * Issue 40, item 3: a node's output and a trigger URL's param are data, never syntax. An executor
 * (here echoJobHandler, which returns what it is given) outputs text crafted to close the JSON
 * string it lands in and set the next httpJobHandler step's method, headers and URL, aimed at a
 * second loopback server; a trigger URL's param tries the same; both try to break out of a shell
 * script. Only the value changes: the request goes where the definition says, as it says, and the
 * script's text is what was saved.
 */

interface Seen {
  method: string
  url: string
  headers: IncomingHttpHeaders
  body: string
}

interface Recorder {
  base: string
  seen: Seen[]
  close(): Promise<void>
}

async function recordingServer(): Promise<Recorder> {
  const seen: Seen[] = []
  const server: Server = createServer((request, response) => {
    let body = ''
    request.setEncoding('utf8')
    request.on('data', (chunk: string) => (body += chunk))
    request.on('end', () => {
      seen.push({ method: request.method!, url: request.url!, headers: request.headers, body })
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => {
      server.closeAllConnections()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}

const temp = makeTempDir('jobdesk-refs-')
let headless: Headless<CoreParts>
let target: Recorder
let attacker: Recorder
let groupId: number

beforeAll(async () => {
  ;[target, attacker] = [await recordingServer(), await recordingServer()]
  const rendererDir = join(temp.path, 'renderer')
  mkdirSync(rendererDir, { recursive: true })
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>refs</title>\n')
  headless = await startHeadless(
    {
      dataDir: join(temp.path, 'data'),
      host: '127.0.0.1',
      port: 0,
      logger: silentLogger,
      seedDemo: false,
      enableScripts: true,
      shutdownGraceMs: 200,
      rendererDir,
    },
    assembleCore,
  )
  groupId = (await api().listGroups()).find((g) => g.appName === EMBEDDED_APP_NAME)!.id
}, 60_000)

afterAll(async () => {
  await headless?.stop()
  await target?.close()
  await attacker?.close()
  temp.remove()
})

const api = () => headless.core.api
/** The flow harness's view of the server's core. */
const host = {
  get core() {
    return headless.core
  },
}

async function addJob(overrides: Partial<JobInput>): Promise<number> {
  return (await api().saveJob(jobInput(groupId, { scheduleType: 'NONE', scheduleConf: '', ...overrides }))).id
}

/** The exact shape of issue 40's output: close the string, then a method, headers and a URL of the output's choosing. */
const breakout = () => `x","method":"POST","headers":{"x-evil":"1","authorization":"Bearer stolen"},"url":"${attacker.base}/took-over`

/** What a test failure should show of a run that did not succeed: its nodes' notes and their runs' messages. */
async function whyNot(run: FlowRun): Promise<string> {
  if (run.state === 'success') return ''
  const nodes = await Promise.all(
    run.nodes.map(async (node) => {
      const runs = await Promise.all(node.runIds.map((id) => api().getRun(id)))
      return { key: node.key, state: node.state, note: node.note, runs: runs.map((r) => ({ trigger: r.triggerMsg, handle: r.handleMsg })) }
    }),
  )
  return JSON.stringify(nodes)
}

/** A flow's run started by its trigger URL with `param`, ended. */
async function triggerByUrl(flowId: number, param: string): Promise<FlowRun> {
  const hook = await api().createHook({ flowId })
  const body = JSON.stringify({ param })
  const atSec = Math.floor(Date.now() / 1000)
  const response = await fetch(`http://127.0.0.1:${headless.server.port}${hook.path}`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', 'X-JobDesk-Timestamp': String(atSec), 'X-JobDesk-Signature': jobDeskSignature(hook.secret, atSec, body) },
  })
  expect(response.status).toBe(202)
  const { flowRunId } = (await response.json()) as { flowRunId: number }
  return flowRunEnded(host, flowRunId)
}

describe('an httpJobHandler step of a flow', () => {
  it("calls only its definition's URL, with its method and headers, whatever the node before it outputs", async () => {
    const [echo, http] = [
      await addJob({ name: 'hostile', executorHandler: 'echoJobHandler' }),
      await addJob({ name: 'call', executorHandler: 'httpJobHandler' }),
    ]
    const payload = breakout()
    const flowId = await addFlow(
      host,
      'output into JSON',
      [
        { key: 'x', jobId: echo, param: payload },
        { key: 'call', jobId: http, param: `{"method":"GET","headers":{"x-trace":"flow"},"url":"${target.base}/hook?tag=\${nodes.x.output}"}` },
      ],
      ['x>call'],
    )
    const before = target.seen.length
    const run = await runFlow(host, flowId)
    expect(statesOf(run), await whyNot(run)).toEqual({ x: 'success', call: 'success' })
    expect(nodeOf(run, 'x').output).toBe(payload)
    expect(attacker.seen).toEqual([])
    const calls = target.seen.slice(before)
    expect(calls).toHaveLength(1)
    const url = new URL(calls[0].url, target.base)
    expect({ method: calls[0].method, path: url.pathname, tag: url.searchParams.get('tag'), trace: calls[0].headers['x-trace'] }).toEqual({
      method: 'GET',
      path: '/hook',
      tag: payload,
      trace: 'flow',
    })
    expect(calls[0].headers['x-evil']).toBeUndefined()
    expect(calls[0].headers.authorization).toBeUndefined()
  })

  it('sends an output that stands alone as a value as a string, never as the JSON it spells', async () => {
    const [echo, http] = [
      await addJob({ name: 'spells JSON', executorHandler: 'echoJobHandler' }),
      await addJob({ name: 'post', executorHandler: 'httpJobHandler' }),
    ]
    const payload = `{"url":"${attacker.base}/body","method":"DELETE"}`
    const flowId = await addFlow(
      host,
      'output as a whole value',
      [
        { key: 'x', jobId: echo, param: payload },
        { key: 'post', jobId: http, param: `{"method":"POST","url":"${target.base}/body","body":\${nodes.x.output}}` },
      ],
      ['x>post'],
    )
    const before = target.seen.length
    const run = await runFlow(host, flowId)
    expect(run.state, await whyNot(run)).toBe('success')
    expect(attacker.seen).toEqual([])
    expect(target.seen.slice(before).map(({ method, url, body }) => ({ method, url, body }))).toEqual([{ method: 'POST', url: '/body', body: payload }])
  })

  it("calls only its definition's URL whatever a trigger URL's param says", async () => {
    const http = await addJob({ name: 'call by URL', executorHandler: 'httpJobHandler' })
    const payload = breakout()
    const flowId = await addFlow(
      host,
      'param into JSON',
      [{ key: 'call', jobId: http, param: `{"method":"PUT","headers":{"x-trace":"hook"},"url":"${target.base}/by-hook?d=\${flow.param}","body":"fixed"}` }],
      [],
    )
    const before = target.seen.length
    const run = await triggerByUrl(flowId, payload)

    expect(run.state, await whyNot(run)).toBe('success')
    expect(attacker.seen).toEqual([])
    const calls = target.seen.slice(before)
    expect(calls).toHaveLength(1)
    const url = new URL(calls[0].url, target.base)
    expect({ method: calls[0].method, path: url.pathname, d: url.searchParams.get('d'), trace: calls[0].headers['x-trace'], body: calls[0].body }).toEqual({
      method: 'PUT',
      path: '/by-hook',
      d: payload,
      trace: 'hook',
      body: 'fixed',
    })
    expect(calls[0].headers['x-evil']).toBeUndefined()
  })

  it('refuses at save a reference that would name a field, naming the node and the reference, and saves nothing', async () => {
    const http = await addJob({ name: 'keyed', executorHandler: 'httpJobHandler' })
    const flowsBefore = (await api().listFlows()).length
    await expect(
      api().addFlow({ name: 'reference as a key', nodes: [{ key: 'call', jobId: http, param: `{"url":"${target.base}/","\${flow.param}":"x"}` }], edges: [] }),
    ).rejects.toMatchObject({ code: 'flow.referenceAsKey', field: 'nodes[0].param', params: { node: 'call', ref: '${flow.param}' } })
    expect((await api().listFlows()).length).toBe(flowsBefore)
  })
})

describe('where a reference may stand in a request', () => {
  it("refuses at save a reference that would choose the request's host or method, and a text parameter for httpJobHandler", async () => {
    const http = await addJob({ name: 'targeted', executorHandler: 'httpJobHandler' })
    const save = (param: string) => api().addFlow({ name: 'target chosen by a value', nodes: [{ key: 'call', jobId: http, param }], edges: [] })
    const flowsBefore = (await api().listFlows()).length
    for (const param of [`{"url":"http://127.0.0.1:1\${flow.param}/"}`, '{"url":"${flow.param}"}', `{"url":"${target.base}/","method":"\${flow.param}"}`])
      await expect(save(param), param).rejects.toMatchObject({ code: 'flow.referenceChoosesTarget', params: { node: 'call', ref: '${flow.param}' } })
    await expect(save('${flow.param}')).rejects.toMatchObject({ code: 'flow.referenceInTextRequest', field: 'nodes[0].param', params: { node: 'call' } })
    expect((await api().listFlows()).length).toBe(flowsBefore)
  })

  it('fails a node, sending nothing, whose job became httpJobHandler after its text parameter was saved', async () => {
    const jobId = await addJob({ name: 'becomes a request', executorHandler: 'echoJobHandler' })
    const flowId = await addFlow(host, 'handler changed later', [{ key: 'call', jobId, param: '${flow.param}' }], [])
    await api().saveJob({ ...jobInputOf(await api().getJob(jobId)), executorHandler: 'httpJobHandler' })
    const before = target.seen.length
    const run = await runFlow(host, flowId, JSON.stringify({ url: `${attacker.base}/chosen`, method: 'POST' }))

    expect(statesOf(run)).toEqual({ call: 'failed' })
    expect(nodeOf(run, 'call').note).toContain("node 'call': its job's handler reads the parameter as a request")
    expect(nodeOf(run, 'call').runIds).toEqual([])
    expect(attacker.seen).toEqual([])
    expect(target.seen.length).toBe(before)
  })
})

describe('a script (GLUE_SHELL) step of a flow', () => {
  it("gets an output and a trigger URL's param as its argument, text unchanged, and runs nothing they say", async () => {
    const received = join(temp.path, 'received')
    const marker = join(temp.path, 'marker')
    const source = `#!/bin/bash\nprintf '%s' "$1" > '${received}'\n`
    const [echo, script] = [
      await addJob({ name: 'shell payload', executorHandler: 'echoJobHandler' }),
      await addJob({ name: 'script', executorHandler: '', glueType: 'GLUE_SHELL', glueSource: source }),
    ]
    const shellBreakout = (tag: string) => `${tag}'; touch '${marker}'; ' "$(touch '${marker}')" \`touch '${marker}'\`\ntouch '${marker}'\n$(touch ${marker})`
    const flowId = await addFlow(
      host,
      'values into a script',
      [
        { key: 'x', jobId: echo, param: shellBreakout('out') },
        { key: 'sh', jobId: script, param: `--in=\${nodes.x.output} --day=\${flow.param}` },
      ],
      ['x>sh'],
    )
    const run = await triggerByUrl(flowId, shellBreakout('param'))

    expect(statesOf(run), await whyNot(run)).toEqual({ x: 'success', sh: 'success' })
    expect(readFileSync(received, 'utf8')).toBe(`--in=${shellBreakout('out')} --day=${shellBreakout('param')}`)
    expect(existsSync(marker)).toBe(false)
    // The script that ran is the one saved: nothing was put into its source.
    expect((await api().getJob(script)).glueSource).toBe(source)
    const sources = readdirSync(join(runLogDir(join(temp.path, 'data')), 'gluesource')).filter((name) => name.startsWith(`${script}_`))
    expect(sources).toHaveLength(1)
    expect(readFileSync(join(runLogDir(join(temp.path, 'data')), 'gluesource', sources[0]), 'utf8')).toBe(source)
  })
})
