import type { JobRun } from '../../../shared/model'
import { BellIcon } from '../kit/icons'
import { useLanguage } from '../i18n/use-t'
import { alarmReasonText, alarmText } from '../lib/alarms/alarm-text'
import { translate } from '../i18n/dictionary'

type AlarmFields = Pick<JobRun, 'alarmStatus' | 'alarmMessage' | 'triggerCode' | 'handleCode'> & Partial<Pick<JobRun, 'alarmRule'>>

/** The run detail's alarm field: the status, and under a failure the channel's own words. */
export function AlarmStatusText({ run }: { run: AlarmFields }) {
  const text = alarmText(useLanguage(), run)
  return (
    <span data-testid="run-alarm" data-alarm={text.state}>
      <span style={text.state === 'failed' ? { color: 'var(--mantine-color-red-text)' } : undefined}>{text.label}</span>
      {text.detail !== '' && (
        <span className="jd-small jd-dimmed" data-testid="run-alarm-detail" style={{ display: 'block' }}>
          {text.detail}
        </span>
      )}
    </span>
  )
}

/**
 * The Runs list's mark beside the status of a run whose alarm went out (teal bell) or did not (red
 * bell); nothing for the others. Plain elements: virtual rows mount it on every scroll.
 */
export function AlarmMarker({ run }: { run: AlarmFields }) {
  const language = useLanguage()
  const text = alarmText(language, run)
  if (text.state !== 'sent' && text.state !== 'failed') return null
  const [open, close] = language === 'zh-CN' ? ['（', '）'] : [' (', ')']
  const title =
    text.state === 'sent'
      ? translate(language, 'alarm.markerSent')
      : `${translate(language, 'alarm.markerFailed', { reason: alarmReasonText(language, run.alarmMessage).reason })}${text.detail ? `${open}${text.detail}${close}` : ''}`
  return (
    <span
      className="jd-alarm-marker"
      data-alarm={text.state}
      role="img"
      title={title}
      aria-label={title}
      data-testid="run-alarm-marker"
      style={{ color: `var(--mantine-color-${text.state === 'failed' ? 'red' : 'teal'}-6)`, marginLeft: 4, verticalAlign: 'middle' }}
    >
      <BellIcon size={14} />
    </span>
  )
}
