import { describe, expect, it } from 'vitest'
import { secretTextsOfSettings } from './secret-texts'

describe('secretTextsOfSettings', () => {
  it('gives each secret setting’s value, and the parts of it a reply may quote alone', () => {
    const texts = secretTextsOfSettings({
      accessToken: 'access-token-1',
      apiToken: 'api-token-2',
      consoleToken: null,
      listenHost: '0.0.0.0',
      alarms: {
        desktop: true,
        smtp: { host: 'mail.example.test', port: 25, secure: false, user: 'alarm', pass: 'smtp-pass-3', from: 'a@example.test' },
        webhooks: [
          { url: 'https://user:url-pass-4@hooks.example.test/in?token=query-token-5', headers: { Authorization: 'Bearer bearer-6', 'X-Key': 'plain-key-7' } },
        ],
        imChannels: [
          {
            type: 'dingtalk',
            name: 'ops',
            url: 'https://oapi.dingtalk.com/robot/send?access_token=ding-token-8',
            secret: 'SECsign-9',
            language: 'en',
            events: [],
          },
          { type: 'slack', name: 'team', url: 'https://hooks.slack.com/services/T000/B000/slackpathtoken10', language: 'en', events: [] },
        ],
      },
    })
    expect(texts).toEqual(
      expect.arrayContaining([
        'access-token-1',
        'api-token-2',
        'smtp-pass-3',
        'url-pass-4',
        'query-token-5',
        'Bearer bearer-6',
        'bearer-6',
        'plain-key-7',
        'ding-token-8',
        'SECsign-9',
        'slackpathtoken10',
        'https://hooks.slack.com/services/T000/B000/slackpathtoken10',
      ]),
    )
    // What is not a credential stays readable in the log: hosts, short path parts, the SMTP user.
    for (const open of ['mail.example.test', 'hooks.slack.com', 'services', 'T000', 'alarm', '0.0.0.0']) expect(texts).not.toContain(open)
  })

  it('gives a URL’s password as typed, not as the URL encodes it', () => {
    const texts = secretTextsOfSettings({ alarms: { webhooks: [{ url: 'https://u:p%40ss%2Fword@hooks.example.test/in' }] } })
    expect(texts).toContain('p@ss/word')
  })

  it('gives nothing for settings without secrets', () => {
    expect(secretTextsOfSettings({ alarms: { desktop: true, webhooks: [], smtp: null } })).toEqual([])
  })
})
