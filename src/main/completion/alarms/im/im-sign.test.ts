import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { dingtalkSignedUrl, feishuSignFields } from './im-sign'

/** DingTalk's robot docs, written out: HmacSHA256 keyed by the secret over "timestamp\nsecret", base64, then URL-encoded. */
function dingtalkAsDocumented(secret: string, timestamp: number): string {
  const mac = createHmac('sha256', Buffer.from(secret, 'utf8'))
  mac.update(Buffer.from(`${timestamp}\n${secret}`, 'utf8'))
  return encodeURIComponent(mac.digest().toString('base64'))
}

/** Feishu's bot docs, written out: HmacSHA256 keyed by "timestamp\nsecret" over nothing, base64. */
function feishuAsDocumented(secret: string, timestampSec: number): string {
  return createHmac('sha256', Buffer.from(`${timestampSec}\n${secret}`, 'utf8'))
    .digest()
    .toString('base64')
}

describe('DingTalk signature', () => {
  it('appends timestamp and sign to the robot URL as DingTalk documents them', () => {
    const url = dingtalkSignedUrl('https://oapi.dingtalk.com/robot/send?access_token=abc', 'SECabc123', 1_700_000_000_000)
    expect(url).toBe(
      `https://oapi.dingtalk.com/robot/send?access_token=abc&timestamp=1700000000000&sign=${dingtalkAsDocumented('SECabc123', 1_700_000_000_000)}`,
    )
  })

  it('matches a vector computed outside Node (openssl dgst -sha256 -hmac), with +, / and = URL-encoded', () => {
    // printf '1700000000000\nSECabc123' | openssl dgst -sha256 -hmac SECabc123 -binary | base64
    // → N5P09a4+p1AMJIJWnIvQd2Yxw9+fu/oEBnPrjCcsLXk=
    const url = dingtalkSignedUrl('http://127.0.0.1:1/robot/send?access_token=t', 'SECabc123', 1_700_000_000_000)
    expect(new URL(url).searchParams.get('sign')).toBe('N5P09a4+p1AMJIJWnIvQd2Yxw9+fu/oEBnPrjCcsLXk=')
    expect(url.endsWith('&sign=N5P09a4%2Bp1AMJIJWnIvQd2Yxw9%2Bfu%2FoEBnPrjCcsLXk%3D')).toBe(true)
  })

  it('starts the query when the URL has none', () => {
    expect(dingtalkSignedUrl('http://127.0.0.1:1/robot', 's', 5).startsWith('http://127.0.0.1:1/robot?timestamp=5&sign=')).toBe(true)
  })
})

describe('Feishu signature', () => {
  it('signs with the string-to-sign as the key and an empty message, the timestamp in seconds as text', () => {
    const fields = feishuSignFields('feishu-secret', 1_700_000_000_999)
    expect(fields).toEqual({ timestamp: '1700000000', sign: feishuAsDocumented('feishu-secret', 1_700_000_000) })
  })

  it('matches a vector computed outside Node', () => {
    // printf '' | openssl dgst -sha256 -hmac $'1700000000\nfeishu-secret' -binary | base64
    expect(feishuSignFields('feishu-secret', 1_700_000_000_000).sign).toBe('OrBzY1Y01Gq+HgJsl+7OfWcMVwc7YocohQm5iiZwjhU=')
  })
})
