import type { ReactNode } from 'react'
import { Button, Checkbox, Group, PasswordInput, Select, Stack, Text, TextInput } from '@mantine/core'
import { CONSOLE_LANGUAGES, type ChannelCheck, type ImChannelEvent, type ImChannelType } from '../../../../shared/api'
import { IM_CHANNEL_EVENTS, IM_CHANNEL_TYPES } from '../../../../shared/settings-types'
import { testImChannel } from '../../services/alarms'
import { RowActions } from './row-actions'
import { useT } from '../../i18n/use-t'
import { NEW_IM_CHANNEL, type ImChannelDraft, type SettingsDraft } from '../../lib/settings/settings-draft'

const TYPE_LABELS: Record<ImChannelType, string> = { dingtalk: 'DingTalk 钉钉', wecom: 'WeCom 企业微信', feishu: 'Feishu/Lark 飞书', slack: 'Slack' }
const URL_EXAMPLES: Record<ImChannelType, string> = {
  dingtalk: 'https://oapi.dingtalk.com/robot/send?access_token=…',
  wecom: 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=…',
  feishu: 'https://open.feishu.cn/open-apis/bot/v2/hook/…',
  slack: 'https://hooks.slack.com/services/…',
}
/** The robots whose messages are signed (the others have no secret). */
const SIGNS: ReadonlySet<ImChannelType> = new Set(['dingtalk', 'feishu'])

interface ImChannelSectionProps {
  draft: SettingsDraft
  /** Unsaved changes: the test sends to the saved channel, so it waits for Save. */
  dirty: boolean
  update(patch: Partial<SettingsDraft>): void
  /** The field the last save refused (`imChannels[1].url`) and why, shown at that field. */
  saveError: { field: string | null; text: string } | null
  check(key: string, run: () => Promise<ChannelCheck>): void
  busy: string | null
  result(key: string): ReactNode
}

/** The chat robots: type, name (`#name` in a job's alarm list), URL, secret, language and events, each testable once saved. */
export function ImChannelSection({ draft, dirty, update, saveError, check, busy, result }: ImChannelSectionProps) {
  const t = useT()
  const set = (index: number, patch: Partial<ImChannelDraft>) => update({ imChannels: draft.imChannels.map((c, i) => (i === index ? { ...c, ...patch } : c)) })
  const errorAt = (index: number, key: string) => (saveError?.field === `imChannels[${index}].${key}` ? saveError.text : undefined)

  return (
    <div data-testid="settings-im">
      <Text size="sm" fw={500}>
        {t('settings.im')}
      </Text>
      <Text size="xs" c="dimmed" mb="xs">
        {t('settings.imHint')}
      </Text>
      <Stack gap="sm">
        {draft.imChannels.map((channel, index) => (
          <Stack key={index} gap={6} data-testid="settings-im-channel">
            <Group gap="xs" align="flex-start" wrap="nowrap">
              <Select
                w={170}
                aria-label={t('settings.imType')}
                data={IM_CHANNEL_TYPES.map((type) => ({ value: type, label: TYPE_LABELS[type] }))}
                value={channel.type}
                allowDeselect={false}
                onChange={(type) => type && set(index, { type: type as ImChannelType, ...(SIGNS.has(type as ImChannelType) ? {} : { secret: '' }) })}
                data-testid="settings-im-type"
              />
              <TextInput
                w={160}
                leftSection="#"
                placeholder="ops"
                aria-label={t('settings.imName')}
                value={channel.name}
                onChange={(event) => set(index, { name: event.currentTarget.value })}
                error={errorAt(index, 'name')}
                data-testid="settings-im-name"
              />
              <TextInput
                flex={1}
                placeholder={URL_EXAMPLES[channel.type]}
                aria-label={t('settings.imUrl')}
                value={channel.url}
                onChange={(event) => set(index, { url: event.currentTarget.value })}
                error={errorAt(index, 'url')}
                classNames={{ input: 'jd-mono' }}
                data-testid="settings-im-url"
              />
              <RowActions
                onTest={() => check(`im-${index}`, () => testImChannel({ name: channel.name.trim() }))}
                testing={busy === `im-${index}`}
                testDisabled={dirty || channel.name.trim() === ''}
                testId="settings-im-test"
                removeLabel={t('settings.removeIm')}
                onRemove={() => update({ imChannels: draft.imChannels.filter((_, i) => i !== index) })}
              />
            </Group>
            <Group gap="xs" align="center">
              {SIGNS.has(channel.type) && (
                <PasswordInput
                  w={220}
                  placeholder={t('settings.imSecret')}
                  aria-label={t('settings.imSecret')}
                  value={channel.secret}
                  onChange={(event) => set(index, { secret: event.currentTarget.value })}
                  error={errorAt(index, 'secret')}
                  autoComplete="new-password"
                  data-testid="settings-im-secret"
                />
              )}
              <Select
                w={110}
                aria-label={t('settings.imLanguage')}
                data={[...CONSOLE_LANGUAGES]}
                value={channel.language}
                allowDeselect={false}
                onChange={(language) => language && set(index, { language: language as ImChannelDraft['language'] })}
              />
              <Checkbox.Group value={channel.events} onChange={(events) => set(index, { events: events as ImChannelEvent[] })}>
                <Group gap="sm">
                  {IM_CHANNEL_EVENTS.map((event) => (
                    <Checkbox key={event} size="xs" value={event} label={t(`settings.imEvent.${event}`)} />
                  ))}
                </Group>
              </Checkbox.Group>
            </Group>
            {result(`im-${index}`)}
          </Stack>
        ))}
        <Button
          variant="light"
          size="xs"
          w="fit-content"
          onClick={() => update({ imChannels: [...draft.imChannels, { ...NEW_IM_CHANNEL, events: [...NEW_IM_CHANNEL.events] }] })}
          data-testid="settings-im-add"
        >
          {t('settings.addIm')}
        </Button>
      </Stack>
    </div>
  )
}
