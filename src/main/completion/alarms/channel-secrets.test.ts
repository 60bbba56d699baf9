import { describe, expect, it } from 'vitest'
import { checkWebhookUrl } from './validate-alarm-settings'
import { webhookWithSecrets } from './channel-secrets'
import { memorySecretReader } from '../../secrets/memory-secret-reader'

const reader = memorySecretReader([
  { groupId: null, name: 'hook_key', value: 'a b&c=d' },
  { groupId: 7, name: 'group_only', value: 'never global' },
])
const globals = (names: readonly string[]) => reader.valuesFor(null, names)

describe('webhookWithSecrets', () => {
  it('puts a global secret into the URL (URL-encoded) and a header (as it is) when sending', async () => {
    const url = 'http://127.0.0.1:8080/hook?key=${secrets.hook_key}'
    expect(checkWebhookUrl(url)).toBe(url)
    const channel = { url, headers: { Authorization: 'Bearer ${secrets.hook_key}', 'X-Plain': 'x' } }
    expect(await webhookWithSecrets(channel, globals)).toEqual({
      url: 'http://127.0.0.1:8080/hook?key=a%20b%26c%3Dd',
      headers: { Authorization: 'Bearer a b&c=d', 'X-Plain': 'x' },
    })
  })

  it('names what is missing (a group’s secret is no channel’s), and leaves a channel without references as it is', async () => {
    expect(await webhookWithSecrets({ url: 'http://127.0.0.1:1/${secrets.group_only}' }, globals)).toEqual({ missing: ['group_only'] })
    const plain = { url: 'http://127.0.0.1:1/x', headers: { A: 'b' } }
    expect(await webhookWithSecrets(plain, () => Promise.reject(new Error('not read')))).toBe(plain)
  })
})
