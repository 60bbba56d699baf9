import { withLineBreaks } from '../../../shared/line-breaks'
import type { ReactNode } from 'react'
import { englishMessage } from '../../../shared/messages'
import type { TrailMessage, TriggerTrail } from '../../../shared/trigger-trail'
import { messageText } from '../i18n/server-text'
import { useLanguage, useT } from '../i18n/use-t'
import { EnumLabel } from './enum-label'

/** A trail message (reason, result) in the UI language; the English of its code when the language lacks it. */
export function useTrailText(): (message: TrailMessage) => string {
  const language = useLanguage()
  return (message) => messageText(language, message, englishMessage(message.code, message.params))
}

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </>
  )
}

function Addresses({ addresses }: { addresses: readonly string[] }) {
  const t = useT()
  if (addresses.length === 0) return <span className="jd-dimmed">{t('trail.none')}</span>
  return (
    <span className="jd-mono jd-trail-list">
      {addresses.map((address) => (
        <span key={address}>{address}</span>
      ))}
    </span>
  )
}

/** XXL-JOB's own text of the trigger, as stored in `trigger_msg`: folded away beside a trail, shown as is without one. */
export function RawTriggerMsg({ text, testId, folded }: { text: string; testId: string; folded: boolean }) {
  const t = useT()
  const pre = (
    <pre className="jd-pre" data-testid={testId}>
      {withLineBreaks(text) || t('common.none')}
    </pre>
  )
  if (!folded) return pre
  return (
    <details className="jd-trail-raw">
      <summary>{t('trail.raw')}</summary>
      {pre}
    </details>
  )
}

/**
 * What one trigger did, in the UI language: trigger type, group, route strategy, candidates, probes,
 * the chosen address and why, block strategy and the result; enum values keep their wire names.
 * Runs written before JobDesk kept trails show their text instead.
 */
export function TriggerTrailView({
  trail,
  triggerMsg,
  rawTestId,
  withTriggerType = true,
}: {
  trail: TriggerTrail | null
  triggerMsg: string
  rawTestId: string
  /** False where the trigger type is shown already (the run's own fields). */
  withTriggerType?: boolean
}) {
  const t = useT()
  const text = useTrailText()
  if (!trail) return <RawTriggerMsg text={triggerMsg} testId={rawTestId} folded={false} />
  const { group, route, block, result } = trail
  const failed = result.code !== 'triggerResult.accepted' && result.code !== 'triggerResult.acceptedAfterWait'
  return (
    <div data-testid="trigger-trail" data-result={result.code}>
      <dl className="jd-trail">
        {withTriggerType && (
          <Row label={t('trail.triggerType')}>
            <EnumLabel kind="triggerType" value={trail.triggerType} />
          </Row>
        )}
        {group && (
          <Row label={t('trail.group')} testId="trail-group">
            {group.appName ?? t('trail.groupMissing', { id: group.id })} <span className="jd-dimmed">· {t(`trail.registration.${group.registration}`)}</span>
          </Row>
        )}
        {route && (
          <>
            <Row label={t('trail.routeStrategy')} testId="trail-route-strategy">
              <EnumLabel kind="route" value={route.strategy} />
            </Row>
            <Row label={t('trail.candidates', { n: route.candidates.length })} testId="trail-candidates">
              <Addresses addresses={route.candidates} />
            </Row>
            {route.leftOut.length > 0 && (
              <Row label={t('trail.leftOut')}>
                <Addresses addresses={route.leftOut} /> <span className="jd-dimmed">({t('trail.leftOutHint')})</span>
              </Row>
            )}
            {route.tokenless && route.tokenless.length > 0 && (
              <Row label={t('trail.tokenless')} testId="trail-tokenless">
                <Addresses addresses={route.tokenless} /> <span className="jd-dimmed">({t('trail.tokenlessHint')})</span>
              </Row>
            )}
            {route.probes.length > 0 && (
              <Row label={t('trail.probes')} testId="trail-probes">
                <span className="jd-trail-list">
                  {route.probes.map((probe, index) => (
                    <span key={`${probe.address}-${index}`} className="jd-mono">
                      {probe.kind} {probe.address} → {t('trail.probe', { code: probe.code })}
                      {probe.msg ? ` · ${probe.msg}` : ''}
                    </span>
                  ))}
                </span>
              </Row>
            )}
            <Row label={t('trail.chosen')} testId="trail-chosen">
              {route.chosen ? <span className="jd-mono">{route.chosen}</span> : <span className="jd-dimmed">{t('trail.none')}</span>}
            </Row>
            {route.shard && (
              <Row label={t('trail.shard')}>
                {route.shard.index}/{route.shard.total}
              </Row>
            )}
            <Row label={t('trail.reason')} testId="trail-reason">
              {text(route.reason)}
            </Row>
          </>
        )}
        {block && (
          <Row label={t('trail.block')} testId="trail-block">
            <EnumLabel kind="block" value={block.strategy} />{' '}
            <span className="jd-dimmed">
              ·{' '}
              {block.timeoutSec > 0
                ? t('trail.blockDetail', { timeout: block.timeoutSec, retries: block.retriesLeft })
                : t('trail.noTimeout', { retries: block.retriesLeft })}
            </span>
          </Row>
        )}
        <Row label={t('trail.result')} testId="trail-result">
          <span className={failed ? 'jd-trail-failed' : undefined}>{text(result)}</span>
        </Row>
      </dl>
      <RawTriggerMsg text={triggerMsg} testId={rawTestId} folded />
    </div>
  )
}
