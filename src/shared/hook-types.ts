/**
 * Trigger URLs (signed inbound webhooks): `POST /hooks/<id>` starts a run of a job or a flow when
 * the request is signed with the hook's secret (docs/trigger-urls.md, docs/trust.md).
 */

/** What a hook starts: a job's run or a flow's run. */
export type HookKind = 'job' | 'flow'

/** A hook as every answer shows it: never its secret. */
export interface HookView {
  /** Random (128 bits, base64url): the last part of the URL. Not a secret, but unguessable. */
  id: string
  kind: HookKind
  /** The job's or the flow's id. */
  targetId: number
  createdBy: string
  createdAtMs: number
  /** 0 until a signed request first started a run. */
  lastUsedAtMs: number
}

/** The answer to `createHook`: the only time the secret is sent. */
export interface CreatedHook {
  hook: HookView
  /** `/hooks/<id>`: the path on this server. */
  path: string
  /** The path on this node's address as the cluster knows it (`--node-url`), or the path alone when unknown. */
  url: string
  /** HMAC-SHA256 key of the signatures (and GitLab's token); shown once. */
  secret: string
}

/** `{ jobId }` or `{ flowId }`: the hooks of one job or one flow. */
export type HookTargetRequest = { jobId: number; flowId?: undefined } | { flowId: number; jobId?: undefined }

/** Where the hooks answer. */
export const HOOK_PATH_PREFIX = '/hooks/'
/** Header names of the JobDesk signature scheme (lower case, as Node gives them). */
export const HOOK_HEADERS = {
  timestamp: 'x-jobdesk-timestamp',
  signature: 'x-jobdesk-signature',
} as const
