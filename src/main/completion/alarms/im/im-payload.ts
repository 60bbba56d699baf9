import { cutToUtf8Bytes } from '../../../../shared/utf8-bytes'
import type { ImChannel, ImChannelType } from '../../../../shared/settings-types'
import { dingtalkSignedUrl, feishuSignFields } from './im-sign'
import type { ImNote } from './im-note'

/**
 * Each robot's request as its vendor documents it (docs/alarms-im.md): the URL (DingTalk's carries
 * its signature) and the JSON body (Feishu's carries its signature). Pure: channel, note and time in.
 */
export interface ImRequest {
  url: string
  body: string
}

/** WeCom refuses markdown content over 4096 bytes of UTF-8. */
export const WECOM_CONTENT_MAX_BYTES = 4096
/** Slack refuses a section's text over 3000 characters. */
export const SLACK_SECTION_MAX_CHARS = 3000
/** DingTalk and Feishu take far more; a chat message longer than this is unread anyway. */
const MARKDOWN_MAX_CHARS = 4000

export function buildImRequest(channel: Pick<ImChannel, 'type' | 'url' | 'secret'>, note: ImNote, nowMs: number): ImRequest {
  switch (channel.type) {
    case 'dingtalk': {
      const url = channel.secret ? dingtalkSignedUrl(channel.url, channel.secret, nowMs) : channel.url
      const text = capChars(markdownOf(note, `#### ${escapeMarkdown(note.title)}`), MARKDOWN_MAX_CHARS)
      return { url, body: JSON.stringify({ msgtype: 'markdown', markdown: { title: note.title, text } }) }
    }
    case 'wecom': {
      const content = cutToUtf8Bytes(markdownOf(note, `**${escapeMarkdown(note.title)}**`), WECOM_CONTENT_MAX_BYTES).text
      return { url: channel.url, body: JSON.stringify({ msgtype: 'markdown', markdown: { content } }) }
    }
    case 'feishu': {
      const card = {
        header: { template: note.tone === 'alarm' ? 'red' : 'blue', title: { tag: 'plain_text', content: note.title } },
        elements: [{ tag: 'markdown', content: capChars(markdownOf(note, null), MARKDOWN_MAX_CHARS) }],
      }
      const signed = channel.secret ? feishuSignFields(channel.secret, nowMs) : {}
      return { url: channel.url, body: JSON.stringify({ ...signed, msg_type: 'interactive', card }) }
    }
    case 'slack': {
      const text = capChars(slackTextOf(note), SLACK_SECTION_MAX_CHARS)
      return { url: channel.url, body: JSON.stringify({ text: note.title, blocks: [{ type: 'section', text: { type: 'mrkdwn', text } }] }) }
    }
  }
}

/** The markdown of DingTalk, WeCom and Feishu: a heading (when the vendor has no title of its own), the rows, the text, the link. */
function markdownOf(note: ImNote, heading: string | null): string {
  const rows = note.rows.map(([label, value]) => `- **${escapeMarkdown(label)}**: ${escapeMarkdown(value)}`).join('\n')
  const link = note.link && `[${escapeMarkdown(note.link.label)}](${note.link.url})`
  return [heading, rows, escapeMarkdown(note.text), link].filter((block) => block !== null && block !== '').join('\n\n')
}

/** Slack's mrkdwn: `*bold*`, `<url|label>`, and &, < and > escaped as Slack asks. */
function slackTextOf(note: ImNote): string {
  const lines = [`*${escapeSlack(note.title)}*`]
  for (const [label, value] of note.rows) lines.push(`*${escapeSlack(label)}*: ${escapeSlack(value)}`)
  if (note.text !== '') lines.push(`>${escapeSlack(note.text)}`)
  if (note.link) lines.push(`<${note.link.url}|${escapeSlack(note.link.label)}>`)
  return lines.join('\n')
}

/** Free text (a job name, an executor's message) must not turn into markup: emphasis, links and code are escaped. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]<>#]/g, (c) => `\\${c}`)
}

export function escapeSlack(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

function capChars(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}

const VENDOR_NAMES: Record<ImChannelType, string> = { dingtalk: 'DingTalk', wecom: 'WeCom', feishu: 'Feishu', slack: 'Slack' }

export function vendorName(type: ImChannelType): string {
  return VENDOR_NAMES[type]
}

/**
 * Why a 2xx reply still means "not delivered" (the result names the vendor), or null when it was: DingTalk and WeCom answer
 * `{"errcode":0}`, Feishu `{"code":0}` (older bots `{"StatusCode":0}`), Slack the text `ok`.
 */
export function imReplyError(type: ImChannelType, reply: string): string | null {
  if (type === 'slack') return reply.trim() === 'ok' ? null : `replied ${JSON.stringify(reply.trim().slice(0, 200))}`
  let parsed: unknown
  try {
    parsed = JSON.parse(reply)
  } catch {
    return `reply is not JSON: ${JSON.stringify(reply.trim().slice(0, 200))}`
  }
  const record = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {}
  const [codeKey, messageKey] = type === 'feishu' ? (record.code !== undefined ? ['code', 'msg'] : ['StatusCode', 'StatusMessage']) : ['errcode', 'errmsg']
  const code = record[codeKey]
  if (code === 0) return null
  const message = typeof record[messageKey] === 'string' ? ` ${(record[messageKey] as string).slice(0, 200)}` : ''
  return `${codeKey} ${code === undefined ? '(none)' : JSON.stringify(code)}${message}`
}
