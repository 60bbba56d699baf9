import { ALARM_AFTER_FAILURES_MAX, ALARM_QUIET_SEC_MAX } from '../../../../shared/alarm-policy'
import { Button, Group, NumberInput, PasswordInput, Stack, Switch, Text, TextInput } from '@mantine/core'
import { useState } from 'react'
import type { ChannelCheck } from '../../../../shared/api'
import { sendTestEmail, testWebhook } from '../../services/alarms'
import { RowActions } from './row-actions'
import { useErrorText, useT } from '../../i18n/use-t'
import type { SettingsDraft } from '../../lib/settings/settings-draft'
import { wholeNumber } from '../jobs/job-editor/executor-section'
import { ImChannelSection } from './im-channel-section'
import { SettingsCard } from './settings-card'

interface AlarmSectionProps {
  draft: SettingsDraft
  /** Unsaved changes: the SMTP test sends with the saved settings, so it waits for Save. */
  dirty: boolean
  update(patch: Partial<SettingsDraft>): void
  /** Desktop notifications exist only in the desktop app. */
  mode: 'desktop' | 'headless'
  /** The field the last save refused and why (the IM channels show it at that field). */
  saveError?: { field: string | null; text: string } | null
}

/** How a channel test went: ok, or the error; `note` says e.g. that the webhook answered 404. */
function CheckResult({ check, testId }: { check: ChannelCheck | { error: string } | null; testId: string }) {
  const t = useT()
  if (!check) return null
  const ok = 'ok' in check && check.ok
  return (
    <Text size="xs" c={ok ? 'teal' : 'red'} data-testid={testId} data-ok={ok}>
      {ok ? t('settings.checkOk') : t('settings.checkFailed')}
      {'error' in check && check.error ? `: ${check.error}` : ''}
      {'note' in check && check.note ? ` (${check.note})` : ''}
    </Text>
  )
}

/** Alarm channels: desktop notifications, webhooks (each testable now), SMTP (test-send after saving). */
export function AlarmSection({ draft, dirty, update, mode, saveError = null }: AlarmSectionProps) {
  const t = useT()
  const errorText = useErrorText()
  const [checks, setChecks] = useState<Record<string, ChannelCheck | { error: string }>>({})
  const [busy, setBusy] = useState<string | null>(null)
  const [testTo, setTestTo] = useState('')

  // The channel tests are one-shot queries: each answer is shown beside its channel, and nothing is kept.
  const check = async (key: string, run: () => Promise<ChannelCheck>) => {
    setBusy(key)
    try {
      const result = await run()
      setChecks((current) => ({ ...current, [key]: result }))
    } catch (error) {
      setChecks((current) => ({ ...current, [key]: { error: errorText(error) } }))
    } finally {
      setBusy(null)
    }
  }
  const setWebhook = (index: number, url: string) => update({ webhooks: draft.webhooks.map((w, i) => (i === index ? { ...w, url } : w)) })
  const smtp = draft.smtp
  const setSmtp = (patch: Partial<SettingsDraft['smtp']>) => update({ smtp: { ...smtp, ...patch } })

  return (
    <SettingsCard title="settings.section.alarms" testId="settings-alarms">
      <Stack gap="md">
        <AlarmPolicyDefaults draft={draft} update={update} />
        {mode === 'desktop' ? (
          <Switch
            label={t('settings.desktop')}
            description={t('settings.desktopHint')}
            checked={draft.desktop}
            onChange={(event) => update({ desktop: event.currentTarget.checked })}
            data-testid="settings-desktop"
          />
        ) : (
          <div data-testid="settings-desktop-headless">
            <Text size="sm" fw={500}>
              {t('settings.desktop')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('settings.desktopHeadless')}
            </Text>
          </div>
        )}
        <div>
          <Text size="sm" fw={500}>
            {t('settings.webhooks')}
          </Text>
          <Text size="xs" c="dimmed" mb="xs">
            {t('settings.webhooksHint')}
          </Text>
          <Stack gap="xs">
            {draft.webhooks.map((webhook, index) => (
              <div key={index} data-testid="settings-webhook">
                <Group gap="xs" wrap="nowrap">
                  <TextInput
                    flex={1}
                    placeholder="https://hooks.example.org/jobdesk"
                    aria-label={t('settings.webhookUrl')}
                    value={webhook.url}
                    onChange={(event) => setWebhook(index, event.currentTarget.value)}
                    classNames={{ input: 'jd-mono' }}
                    data-testid="settings-webhook-url"
                  />
                  <RowActions
                    onTest={() => void check(`webhook-${index}`, () => testWebhook({ url: webhook.url.trim() }))}
                    testing={busy === `webhook-${index}`}
                    testDisabled={webhook.url.trim() === ''}
                    testId="settings-webhook-test"
                    removeLabel={t('settings.removeWebhook')}
                    onRemove={() => update({ webhooks: draft.webhooks.filter((_, i) => i !== index) })}
                  />
                </Group>
                <CheckResult check={checks[`webhook-${index}`] ?? null} testId="settings-webhook-result" />
              </div>
            ))}
            <Button
              variant="light"
              size="xs"
              w="fit-content"
              onClick={() => update({ webhooks: [...draft.webhooks, { url: '' }] })}
              data-testid="settings-webhook-add"
            >
              {t('settings.addWebhook')}
            </Button>
          </Stack>
        </div>
        <ImChannelSection
          draft={draft}
          dirty={dirty}
          update={update}
          saveError={saveError}
          check={(key, run) => void check(key, run)}
          busy={busy}
          result={(key) => <CheckResult check={checks[key] ?? null} testId="settings-im-result" />}
        />
        <div>
          <Switch
            label={t('settings.smtp')}
            checked={draft.smtpEnabled}
            onChange={(event) => update({ smtpEnabled: event.currentTarget.checked })}
            data-testid="settings-smtp"
          />
          {draft.smtpEnabled && (
            <Stack gap="xs" mt="xs">
              <Group grow align="flex-start">
                <TextInput
                  label={t('settings.smtpHost')}
                  value={smtp.host}
                  onChange={(e) => setSmtp({ host: e.currentTarget.value })}
                  data-testid="settings-smtp-host"
                />
                <NumberInput
                  label={t('settings.smtpPort')}
                  min={1}
                  max={65535}
                  allowDecimal={false}
                  value={smtp.port}
                  onChange={(v) => setSmtp({ port: wholeNumber(v) })}
                />
                <Switch label={t('settings.smtpSecure')} checked={smtp.secure} onChange={(e) => setSmtp({ secure: e.currentTarget.checked })} mt={28} />
              </Group>
              <Group grow align="flex-start">
                <TextInput label={t('settings.smtpUser')} value={smtp.user} onChange={(e) => setSmtp({ user: e.currentTarget.value })} autoComplete="off" />
                <PasswordInput
                  label={t('settings.smtpPass')}
                  value={smtp.pass}
                  onChange={(e) => setSmtp({ pass: e.currentTarget.value })}
                  autoComplete="new-password"
                />
                <TextInput
                  label={t('settings.smtpFrom')}
                  value={smtp.from}
                  onChange={(e) => setSmtp({ from: e.currentTarget.value })}
                  data-testid="settings-smtp-from"
                />
              </Group>
            </Stack>
          )}
          <Group gap="xs" mt="sm" align="flex-end">
            <TextInput
              w={280}
              label={t('settings.testTo')}
              placeholder="ops@example.org"
              value={testTo}
              onChange={(event) => setTestTo(event.currentTarget.value)}
              data-testid="settings-test-to"
            />
            <Button
              variant="default"
              onClick={() => void check('smtp', () => sendTestEmail({ to: testTo.trim() }))}
              loading={busy === 'smtp'}
              disabled={dirty || testTo.trim() === ''}
              data-testid="settings-test-email"
            >
              {t('settings.testSend')}
            </Button>
            {dirty && (
              <Text size="xs" c="dimmed">
                {t('settings.saveFirst')}
              </Text>
            )}
          </Group>
          <CheckResult check={checks.smtp ?? null} testId="settings-email-result" />
          <TextInput
            mt="sm"
            label={t('settings.alertEmail')}
            description={t('settings.alertEmailHint')}
            placeholder="ops@example.org, oncall@example.org"
            value={draft.alertEmail}
            onChange={(event) => update({ alertEmail: event.currentTarget.value })}
            data-testid="settings-alert-email"
          />
        </div>
      </Stack>
    </SettingsCard>
  )
}

/** The alarm policy's server defaults: what a job or a flow that sets none follows (docs/alarms-policy.md). */
function AlarmPolicyDefaults({ draft, update }: Pick<AlarmSectionProps, 'draft' | 'update'>) {
  const t = useT()
  return (
    <div data-testid="settings-alarm-policy">
      <Text size="sm" fw={500} mb="xs">
        {t('alarmPolicy.defaultsTitle')}
      </Text>
      <Group grow align="flex-start">
        <NumberInput
          label={t('alarmPolicy.defaultsAfterFailures')}
          description={t('alarmPolicy.defaultsAfterFailuresHint')}
          min={1}
          max={ALARM_AFTER_FAILURES_MAX}
          allowDecimal={false}
          value={draft.alarmAfterFailures}
          onChange={(value) => update({ alarmAfterFailures: Math.max(1, wholeNumber(value)) })}
          data-testid="settings-alarmAfterFailures"
        />
        <NumberInput
          label={t('alarmPolicy.defaultsQuietSec')}
          description={t('alarmPolicy.defaultsQuietSecHint')}
          min={0}
          max={ALARM_QUIET_SEC_MAX}
          allowDecimal={false}
          value={draft.alarmQuietSec}
          onChange={(value) => update({ alarmQuietSec: wholeNumber(value) })}
          data-testid="settings-alarmQuietSec"
        />
      </Group>
    </div>
  )
}
