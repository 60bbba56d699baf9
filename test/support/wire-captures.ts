/**
 * Exchanges captured from real xxl-job-core executors (docs/protocol.md#captured-exchanges) and the requests real executors
 * sent to a stub admin, as fixtures. Request bodies and reply texts are verbatim; replies
 * the capture cut (long run logs) keep only the fields it shows.
 */
import type { ProtocolGeneration } from '../../src/shared/model'

export const CAPTURE_TOKEN = 'default_token'
export const CAPTURE_APP = 'xxl-job-executor-sample'

export interface CapturedExchange {
  name: string
  method: 'POST' | 'GET'
  path: string
  headers: Record<string, string>
  body: string
  /** The reply text exactly as captured, when the capture has it whole. */
  reply?: string
  /** For replies the capture cut: the envelope fields and payload fields it shows. */
  partial?: { code: number; msg?: string; payload: Record<string, unknown> }
  /**
   * The field whose text belongs to the executor core, not the wire: 2.4 spelled "repeate", and
   * 2.4 answered an empty page with the file's line count where 3.x answers 0. Our core follows 3.x.
   */
  coreText?: { field: string; captured: unknown; ours: unknown }
}

const LOG_TIME: Record<ProtocolGeneration, number> = { g1: 1796014204713, g2: 1796014269114, g3: 1796014335223 }

function headersFor(generation: ProtocolGeneration, token: string | null = CAPTURE_TOKEN, app: string | null = CAPTURE_APP): Record<string, string> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json;charset=UTF-8' }
  if (token !== null) headers['XXL-JOB-ACCESS-TOKEN'] = token
  if (generation === 'g3' && app !== null) headers['XXL-JOB-APPNAME'] = app
  return headers
}

function trigger(
  jobId: number,
  handler: string,
  params: string,
  block: string,
  logId: number,
  time: number,
  glueType = 'BEAN',
  broadcast = [0, 1],
  glueSource: string | null = null,
): string {
  return JSON.stringify({
    jobId,
    executorHandler: handler,
    executorParams: params,
    executorBlockStrategy: block,
    executorTimeout: 0,
    logId,
    logDateTime: time,
    glueType,
    glueSource,
    glueUpdatetime: time,
    broadcastIndex: broadcast[0],
    broadcastTotal: broadcast[1],
  })
}

const SHELL = '#!/bin/bash\necho "hello from shell args: $1 | $2 | $3"\nexit 0\n'

/**
 * The admin → executor exchanges in capture order for one generation. The captures list for 3.4.2 (G2) only
 * the exchanges that differ from 2.4.2; the others are 2.4.2's with the G2 success envelope.
 */
export function executorExchanges(generation: ProtocolGeneration): CapturedExchange[] {
  const g1 = generation === 'g1'
  const t = LOG_TIME[generation]
  const h = headersFor(generation)
  const runPath = generation === 'g3' ? '/trigger' : '/run'
  const logBody = (logId: number, from: number) =>
    generation === 'g3' ? `{"logId":${logId},"logDateTime":${t},"fromLineNum":${from}}` : `{"logId":${logId},"logDateTim":${t},"fromLineNum":${from}}`
  const success = g1 ? '{"code":200}' : '{"code":200,"msg":"Success"}'
  const page = (fields: string) => (g1 ? `{"code":200,"content":${fields}}` : `{"code":200,"msg":"Success","data":${fields}}`)
  const wrongToken =
    generation === 'g3' ? '{"code":500,"msg":"invalid request, accessToken or appname invalid."}' : '{"code":500,"msg":"The access token is wrong."}'
  const noToken =
    generation === 'g3' ? '{"code":500,"msg":"invalid request, accessToken or appname is empty."}' : '{"code":500,"msg":"The access token is wrong."}'

  const exchanges: CapturedExchange[] = [
    { name: 'beat.ok', method: 'POST', path: '/beat', headers: h, body: '{}', reply: success },
    { name: 'beat.wrongToken', method: 'POST', path: '/beat', headers: headersFor(generation, 'nope'), body: '{}', reply: wrongToken },
    { name: 'beat.noToken', method: 'POST', path: '/beat', headers: headersFor(generation, null), body: '{}', reply: noToken },
    {
      name: 'beat.GET',
      method: 'GET',
      path: '/beat',
      headers: withoutContentType(h),
      body: '',
      reply: '{"code":500,"msg":"invalid request, HttpMethod not support."}',
    },
  ]
  if (generation === 'g3') {
    exchanges.push(
      { name: 'beat.wrongAppname', method: 'POST', path: '/beat', headers: headersFor('g3', CAPTURE_TOKEN, 'other-app'), body: '{}', reply: wrongToken },
      { name: 'beat.noAppname', method: 'POST', path: '/beat', headers: headersFor('g3', CAPTURE_TOKEN, null), body: '{}', reply: noToken },
    )
  }
  exchanges.push(
    { name: 'unknownPath', method: 'POST', path: '/foo', headers: h, body: '{}', reply: '{"code":500,"msg":"invalid request, uri-mapping(/foo) not found."}' },
    { name: 'idleBeat.noThread', method: 'POST', path: '/idleBeat', headers: h, body: '{"jobId":1}', reply: success },
    {
      name: 'trigger.demo',
      method: 'POST',
      path: runPath,
      headers: h,
      body: trigger(1, 'demoJobHandler', 'hello', 'SERIAL_EXECUTION', 1001, t, 'BEAN', [1, 3]),
      reply: success,
    },
    {
      name: 'log.from1',
      method: 'POST',
      path: '/log',
      headers: h,
      body: logBody(1001, 1),
      partial: { code: 200, ...(!g1 && { msg: 'Success' }), payload: { fromLineNum: 1, toLineNum: 6 } },
    },
    {
      name: 'log.from3',
      method: 'POST',
      path: '/log',
      headers: h,
      body: logBody(1001, 3),
      partial: { code: 200, ...(!g1 && { msg: 'Success' }), payload: { fromLineNum: 3, toLineNum: 6 } },
    },
    {
      name: 'log.from999',
      method: 'POST',
      path: '/log',
      headers: h,
      body: logBody(1001, 999),
      reply: page(`{"fromLineNum":999,"toLineNum":${g1 ? 6 : 0},"logContent":"","isEnd":false}`),
      ...(g1 && { coreText: { field: 'toLineNum', captured: 6, ours: 0 } }),
    },
    {
      name: 'log.missing',
      method: 'POST',
      path: '/log',
      headers: h,
      body: logBody(9999, 1),
      reply: page('{"fromLineNum":1,"toLineNum":0,"logContent":"readLog fail, logFile not exists","isEnd":true}'),
    },
    {
      name: 'trigger.unknownHandler',
      method: 'POST',
      path: runPath,
      headers: h,
      body: trigger(5, 'noSuchHandler', '', 'SERIAL_EXECUTION', 1005, t),
      reply: '{"code":500,"msg":"job handler [noSuchHandler] not found."}',
    },
    {
      name: 'idleBeat.busy',
      method: 'POST',
      path: '/idleBeat',
      headers: h,
      body: '{"jobId":2}',
      reply: '{"code":500,"msg":"job thread is running or has trigger queue."}',
    },
    {
      name: 'trigger.discardLater',
      method: 'POST',
      path: runPath,
      headers: h,
      body: trigger(2, 'sleepJobHandler', '1', 'DISCARD_LATER', 1006, t),
      reply: '{"code":500,"msg":"block strategy effect：Discard Later"}',
    },
    {
      name: 'trigger.repeatLogId',
      method: 'POST',
      path: runPath,
      headers: h,
      body: trigger(2, 'sleepJobHandler', '1', 'SERIAL_EXECUTION', 1007, t),
      reply: `{"code":500,"msg":"${g1 ? 'repeate' : 'repeat'} trigger job, logId:1007"}`,
      ...(g1 && { coreText: { field: 'msg', captured: 'repeate trigger job, logId:1007', ours: 'repeat trigger job, logId:1007' } }),
    },
    { name: 'kill.running', method: 'POST', path: '/kill', headers: h, body: '{"jobId":2}', reply: success },
    {
      name: 'kill.again',
      method: 'POST',
      path: '/kill',
      headers: h,
      body: '{"jobId":2}',
      reply: g1 ? '{"code":200,"msg":"job thread already killed."}' : '{"code":200,"msg":"Success","data":"job thread already killed."}',
    },
    {
      name: 'trigger.glueShell',
      method: 'POST',
      path: runPath,
      headers: h,
      body: trigger(7, '', 'p1', 'SERIAL_EXECUTION', 1009, t, 'GLUE_SHELL', [0, 2], SHELL),
      reply: success,
    },
    {
      name: 'trigger.badGlueType',
      method: 'POST',
      path: runPath,
      headers: h,
      body: trigger(10, '', '', 'SERIAL_EXECUTION', 1013, t, 'GLUE_FOO'),
      reply: '{"code":500,"msg":"glueType[GLUE_FOO] is not valid."}',
    },
  )
  return exchanges
}

/** Our sleepJobHandler takes milliseconds (the captured Java one took seconds): long enough to stay busy. */
const LONG_SLEEP = '60000'

/**
 * Before `idleBeat.busy` the capture had job 2 (sleepJobHandler) running run 1002 with run 1007
 * queued behind it; the later kill callbacks name both. These set that up.
 */
export function busyJobSetup(generation: ProtocolGeneration): CapturedExchange[] {
  const t = LOG_TIME[generation]
  const path = generation === 'g3' ? '/trigger' : '/run'
  return [
    {
      name: 'setup.running',
      method: 'POST',
      path,
      headers: headersFor(generation),
      body: trigger(2, 'sleepJobHandler', LONG_SLEEP, 'SERIAL_EXECUTION', 1002, t),
    },
    {
      name: 'setup.queued',
      method: 'POST',
      path,
      headers: headersFor(generation),
      body: trigger(2, 'sleepJobHandler', LONG_SLEEP, 'SERIAL_EXECUTION', 1007, t),
    },
  ]
}

function withoutContentType(headers: Record<string, string>): Record<string, string> {
  const { 'Content-Type': _, ...rest } = headers
  return rest
}

/** What real executors sent to the admin (docs/protocol.md#captured-exchanges): path, the XXL headers (and Accept-Charset), and body texts. */
export interface CapturedAdminCall {
  path: string
  xxlHeaders: Record<string, string>
  body: string
}

export const CAPTURE_ADMIN_BASE = '/xxl-job-admin'

export function adminCalls(generation: ProtocolGeneration, registryValue: string, logDateTime: number) {
  // Accept-Charset as captured: 2.4.2's remoting client sends the JSON media type, 3.4.2 and 3.5 "UTF-8".
  const xxlHeaders: Record<string, string> = {
    'xxl-job-access-token': CAPTURE_TOKEN,
    'accept-charset': generation === 'g1' ? 'application/json;charset=UTF-8' : 'UTF-8',
  }
  if (generation === 'g3') xxlHeaders['xxl-job-appname'] = CAPTURE_APP
  const registry = `{"registryGroup":"EXECUTOR","registryKey":"${CAPTURE_APP}","registryValue":"${registryValue}"}`
  const time = generation === 'g3' ? 'logDateTime' : 'logDateTim'
  const items = `[{"logId":1002,"${time}":${logDateTime},"handleCode":500,"handleMsg":"scheduling center kill job. [job running, killed]"},{"logId":1007,"${time}":${logDateTime},"handleCode":500,"handleMsg":"scheduling center kill job. [job not executed, in the job queue, killed.]"}]`
  return {
    registry: { path: `${CAPTURE_ADMIN_BASE}/api/registry`, xxlHeaders, body: registry },
    registryRemove: { path: `${CAPTURE_ADMIN_BASE}/api/registryRemove`, xxlHeaders, body: registry },
    callback: { path: `${CAPTURE_ADMIN_BASE}/api/callback`, xxlHeaders, body: generation === 'g3' ? `{"callbackList":${items}}` : items },
  } satisfies Record<string, CapturedAdminCall>
}
