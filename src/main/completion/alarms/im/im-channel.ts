import type { ImChannel } from '../../../../shared/settings-types'
import type { ChannelResult } from '../alarm-types'
import { WEBHOOK_DEFAULT_RETRIES, WEBHOOK_DEFAULT_TIMEOUT_MS } from '../validate-alarm-settings'
import { postWithRetries, type WebhookPostDeps } from '../webhook-channel'
import { buildImRequest, imReplyError, vendorName } from './im-payload'
import type { ImNote } from './im-note'

/** How results name a channel: its vendor and name, never its URL (the robot's token is in it). */
export function imTarget(channel: Pick<ImChannel, 'type' | 'name'>): string {
  return `${vendorName(channel.type)} #${channel.name}`
}

/**
 * Posts the note to one robot with the webhooks' retries and backoff; each attempt is signed with
 * the clock's time of that attempt, and a 2xx reply with a non-zero error code is a failure.
 */
export function postImChannel(channel: ImChannel, note: ImNote, deps: WebhookPostDeps, retries = WEBHOOK_DEFAULT_RETRIES): Promise<ChannelResult> {
  return postWithRetries(
    {
      channel: 'im',
      target: imTarget(channel),
      timeoutMs: WEBHOOK_DEFAULT_TIMEOUT_MS,
      retries,
      request: () => buildImRequest(channel, note, deps.clock.nowMs()),
      checkReply: (reply) => imReplyError(channel.type, reply),
    },
    deps,
  )
}
