import type { Dispatcher } from 'undici'
import type { ProtocolGeneration } from '../../shared/model'
import type { ExecutorReply, HandleCallback } from '../executor/executor-api'
import { ACCESS_TOKEN_HEADER, APP_NAME_HEADER } from './wire/auth'
import type { RegistryParam } from './wire/bodies'
import { readEnvelope, SUCCESS_CODE } from './wire/envelope'
import { postJson, type PostOutcome } from './wire/post-json'
import { isRefusedForGood } from './wire/callback-refusal'
import { splitAddressList } from '../../shared/address-list'

/**
 * The executor's calls to the admin (XXL-JOB's AdminBiz, docs/protocol.md#admin-api): registry, registryRemove and
 * callback against a list of admins, tried in order until one accepts. A call that no admin accepts
 * rejects with AdminCallError, so the executor core spools the callbacks and the beat retries.
 */
export type AdminGeneration = ProtocolGeneration | 'auto'

export interface AdminClientOptions {
  /** Admin base URLs, comma-separated or as a list, e.g. `http://10.0.0.2:8080/xxl-job-admin`. */
  adminAddresses: string | readonly string[]
  accessToken: string
  appName: string
  /**
   * The admin's generation. `auto` (default) sends both headers, starts with the G1/G2 array callback
   * and switches to G3's `{callbackList}` when the admin refuses the shape (docs/protocol.md#callback).
   */
  generation?: AdminGeneration
  /** Per admin and call. Default 3000 (XXL's executor default). */
  timeoutMs?: number
  dispatcher?: Dispatcher
}

export interface AdminAccepted {
  /** The admin base URL that accepted the call. */
  adminUrl: string
  reply: ExecutorReply
}

export interface AdminClient {
  readonly adminUrls: readonly string[]
  /** The configured generation, else the one the admins' replies revealed (null while unknown). */
  readonly generation: ProtocolGeneration | null
  registry(param: RegistryParam): Promise<AdminAccepted>
  registryRemove(param: RegistryParam): Promise<AdminAccepted>
  /** One POST per call; the caller keeps batches at ≤ 50 items as 3.x executors do. */
  callback(batch: readonly HandleCallback[]): Promise<AdminAccepted>
}

export interface AdminFailure {
  adminUrl: string
  reason: string
}

export class AdminCallError extends Error {
  override readonly name = 'AdminCallError'
  constructor(
    readonly method: string,
    readonly failures: readonly AdminFailure[],
    /** A JobDesk admin read the call and refused it for good (wire/callback-refusal.ts): do not send it again. */
    readonly refusedForGood = false,
  ) {
    super(`${method} was accepted by no admin: ${failures.map((f) => `${f.adminUrl} → ${f.reason}`).join('; ')}`)
  }
}

export const DEFAULT_ADMIN_TIMEOUT_MS = 3000

type CallbackShape = 'array' | 'object'

/** Splits a comma-separated admin list; blanks are dropped. */
export function parseAdminAddresses(addresses: string | readonly string[]): string[] {
  return splitAddressList(addresses)
}

/** `base` + `/api/` + `method` (docs/protocol.md#admin-urls): `http://h:8080/xxl-job-admin` → `…/xxl-job-admin/api/registry`. */
export function adminApiUrl(base: string, method: string): string {
  return `${base.trim().replace(/\/+$/, '')}/api/${method}`
}

/** The callback body in a generation's shape (docs/protocol.md#callback): G1/G2 a bare array with `logDateTim`, G3 `{callbackList}` with `logDateTime`. */
export function encodeCallbackBody(batch: readonly HandleCallback[], generation: AdminGeneration, shape: CallbackShape): unknown {
  const items = batch.map((item) => {
    const time =
      generation === 'auto'
        ? { logDateTim: item.logDateTime, logDateTime: item.logDateTime }
        : generation === 'g3'
          ? { logDateTime: item.logDateTime }
          : { logDateTim: item.logDateTime }
    return { logId: item.logId, ...time, handleCode: item.handleCode, ...(item.handleMsg !== null && { handleMsg: item.handleMsg }) }
  })
  return shape === 'object' ? { callbackList: items } : items
}

export function createAdminClient(options: AdminClientOptions): AdminClient {
  const adminUrls = parseAdminAddresses(options.adminAddresses)
  if (adminUrls.length === 0) throw new Error('adminAddresses: at least one admin URL is required')
  const generation = options.generation ?? 'auto'
  const timeoutMs = options.timeoutMs ?? DEFAULT_ADMIN_TIMEOUT_MS
  // As xxl-job-core sends it (docs/protocol.md#captured-exchanges), so an admin reading it tells the generation.
  const acceptCharset = generation === 'g1' ? 'application/json;charset=UTF-8' : 'UTF-8'
  const headers: Record<string, string> = { 'Content-Type': 'application/json;charset=UTF-8', 'Accept-Charset': acceptCharset }
  // 2.4 omits the token header when none is configured; G3 (and auto, which may face G3) always sends both.
  if (options.accessToken !== '' || generation === 'g3' || generation === 'auto') headers[ACCESS_TOKEN_HEADER] = options.accessToken
  if (generation === 'g3' || generation === 'auto') headers[APP_NAME_HEADER] = options.appName

  let detected: ProtocolGeneration | null = generation === 'auto' ? null : generation
  let shape: CallbackShape = generation === 'g3' ? 'object' : 'array'

  interface Attempt {
    reply: ExecutorReply | null
    /** Why the call did not count as accepted; null when it did. */
    reason: string | null
    outcome: PostOutcome
  }

  async function post(base: string, method: string, body: unknown): Promise<Attempt> {
    const outcome = await postJson(adminApiUrl(base, method), headers, JSON.stringify(body), { timeoutMs, dispatcher: options.dispatcher })
    if (outcome.kind === 'failed') return { reply: null, reason: outcome.reason, outcome }
    if (outcome.status !== 200) return { reply: null, reason: `HTTP ${outcome.status}`, outcome }
    const reply = readEnvelope(outcome.json)
    if (!reply) return { reply: null, reason: `not an XXL-JOB reply: ${outcome.text.slice(0, 120)}`, outcome }
    const accepted = reply.code === SUCCESS_CODE
    if (generation === 'auto') learn(outcome.json, method === 'callback' && accepted)
    return { reply, reason: accepted ? null : `code ${reply.code}${reply.msg ? ` ${reply.msg}` : ''}`, outcome }
  }

  /**
   * Auto mode: only G3 speaks of "accessToken or appname"; a G1 admin's envelope has `content`, a
   * G2/G3 one `data` — and then the callback shape it accepted decides (G2 array, G3 object).
   * A reply carrying both `data` and `content` (a JobDesk admin) accepts either shape and says nothing.
   */
  function learn(json: unknown, callbackAccepted: boolean): void {
    const raw = json as Record<string, unknown>
    if (typeof raw.msg === 'string' && raw.msg.includes('accessToken or appname')) {
      detected = 'g3'
      shape = 'object'
    } else if ('content' in raw && !('data' in raw)) {
      detected = 'g1'
      shape = 'array'
    } else if ('data' in raw && !('content' in raw) && callbackAccepted) {
      detected = shape === 'object' ? 'g3' : 'g2'
    }
  }

  async function send(method: string, body: () => unknown, retryOtherShape: boolean): Promise<AdminAccepted> {
    const failures: AdminFailure[] = []
    for (const adminUrl of adminUrls) {
      const first = await post(adminUrl, method, body())
      if (first.reason === null && first.reply) return { adminUrl, reply: first.reply }
      // The admins share one database: one that read the batch and refused it speaks for all.
      if (isRefusedForGood(first.reply?.data)) throw new AdminCallError(method, [...failures, { adminUrl, reason: first.reason ?? 'refused' }], true)
      // Auto: an admin that refused the body's shape gets the other shape once; kept if accepted (docs/protocol.md#callback).
      if (retryOtherShape && looksLikeShapeError(first.outcome, first.reply)) {
        const previous = shape
        shape = shape === 'array' ? 'object' : 'array'
        const second = await post(adminUrl, method, body())
        if (second.reason === null && second.reply) return { adminUrl, reply: second.reply }
        shape = previous
      }
      failures.push({ adminUrl, reason: first.reason ?? 'refused' })
    }
    throw new AdminCallError(method, failures)
  }

  // The three wire fields, plus what a JobDesk agent says of itself (XXL-JOB admins ignore it).
  const registryBody = (param: RegistryParam) => () => ({
    registryGroup: param.registryGroup,
    registryKey: param.registryKey,
    registryValue: param.registryValue,
    ...(param.jobdesk ? { jobdesk: param.jobdesk } : {}),
  })

  return {
    adminUrls,
    get generation() {
      return detected
    },
    registry: (param) => send('registry', registryBody(param), false),
    registryRemove: (param) => send('registryRemove', registryBody(param), false),
    callback: (batch) => send('callback', () => encodeCallbackBody(batch, generation, shape), generation === 'auto'),
  }
}

/**
 * A refusal of the body's shape rather than of the call: G2/G3 admins wrap parse failures as
 * "openapi invoke error: …", 2.4 answers with an HTTP error page, JobDesk names `callbackList`.
 */
export function looksLikeShapeError(outcome: PostOutcome, reply: ExecutorReply | null): boolean {
  if (outcome.kind !== 'reply') return false
  if (outcome.status >= 400) return true
  const msg = reply?.msg ?? ''
  return msg.includes('openapi invoke error') || msg.includes('callbackList')
}
