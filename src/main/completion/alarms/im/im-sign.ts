import { createHmac } from 'node:crypto'

/**
 * The signatures of the chat robots that sign (pure: the secret and the time in, the fields out).
 * Each follows its vendor's robot documentation word for word; docs/alarms-im.md says where.
 */

/**
 * DingTalk's "sign" security: the robot URL gets `&timestamp=<ms>&sign=<s>`, where s is
 * base64(HmacSHA256(key = secret, message = "<timestamp>\n<secret>")), URL-encoded. DingTalk
 * refuses a timestamp more than an hour off its own clock.
 */
export function dingtalkSignedUrl(url: string, secret: string, nowMs: number): string {
  const timestamp = String(Math.floor(nowMs))
  const sign = createHmac('sha256', secret).update(`${timestamp}\n${secret}`, 'utf8').digest('base64')
  return `${url}${url.includes('?') ? '&' : '?'}timestamp=${timestamp}&sign=${encodeURIComponent(sign)}`
}

/**
 * Feishu/Lark's signed bot: the body gets `timestamp` (Unix seconds, as a string) and `sign`, which
 * is base64(HmacSHA256(key = "<timestamp>\n<secret>", message = empty)) — the string to sign is the
 * key here, unlike DingTalk's.
 */
export function feishuSignFields(secret: string, nowMs: number): { timestamp: string; sign: string } {
  const timestamp = String(Math.floor(nowMs / 1000))
  const sign = createHmac('sha256', `${timestamp}\n${secret}`).update('').digest('base64')
  return { timestamp, sign }
}
