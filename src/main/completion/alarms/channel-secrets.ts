import type { WebhookChannel } from './alarm-types'
import { mayNameSecrets } from '../../../shared/secret-names'
import { fillSecretsAsText, secretNamesIn } from '../../secrets/resolve-secrets'

/** The values of global secrets by name (an alarm channel is the server's, no group's). */
export type GlobalSecretValues = (names: readonly string[]) => Promise<Map<string, string>>

/**
 * A webhook channel with the `${secrets.NAME}` references of its URL and header values put in, read
 * when the alarm is sent: the settings keep the references, so the stored settings, their export
 * and the audit trail never hold a value. In the URL a value goes in URL-encoded (it can add no
 * path, query or host part); in a header, as it is. A name without a value fails the channel's
 * delivery with that reason. A channel naming no secret is returned as it is.
 */
export async function webhookWithSecrets(channel: WebhookChannel, values: GlobalSecretValues): Promise<WebhookChannel | { missing: string[] }> {
  const headers = Object.entries(channel.headers ?? {})
  const texts = [channel.url, ...headers.map(([, value]) => value)]
  if (!texts.some(mayNameSecrets)) return channel
  const names = [...new Set(texts.flatMap(secretNamesIn))]
  const found = await values(names)
  const missing = names.filter((name) => !found.has(name))
  if (missing.length > 0) return { missing }
  return {
    ...channel,
    url: fillSecretsAsText(channel.url, found, encodeURIComponent),
    ...(channel.headers ? { headers: Object.fromEntries(headers.map(([name, value]) => [name, fillSecretsAsText(value, found)])) } : {}),
  }
}
