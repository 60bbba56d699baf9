import { Alert, Button, Group, Stack, Text } from '@mantine/core'
import { useEffect, useState } from 'react'
import type { RunTriggerOutcome } from '../../../../shared/api'
import { RunLink } from '../../components/run-link'
import { TriggerTrailView } from '../../components/trigger-trail-view'
import { useLanguage, useT } from '../../i18n/use-t'
import { shownOutcome, triggerResultText } from '../../lib/runs/trigger-outcome'
import { useJobDesk } from '../../store'
import { selectRun } from '../../store/runs/selectors'

const COLOR = { accepted: 'teal', refused: 'red', pending: 'blue' } as const

/** One run of a manual trigger as it went: accepted, refused (why, and the whole trail), or pending. */
function OutcomeCard({ outcome, onOpen }: { outcome: RunTriggerOutcome; onOpen(): void }) {
  const t = useT()
  const language = useLanguage()
  const loadRun = useJobDesk((s) => s.loadRun)
  const run = useJobDesk(selectRun(outcome.logId))
  const [showTrail, setShowTrail] = useState(false)
  // A pending answer follows the run's row (pushed as it changes once the store holds it).
  useEffect(() => {
    if (outcome.state === 'pending') void loadRun(outcome.logId)
  }, [outcome, loadRun])
  const shown = shownOutcome(outcome, run)
  const reason = shown.state === 'pending' ? '' : triggerResultText(language, shown)
  const hasTrail = shown.triggerTrail !== null || shown.triggerMsg !== ''
  const title =
    shown.state === 'accepted'
      ? t('trigger.accepted', { id: shown.logId, address: shown.executorAddress })
      : shown.state === 'refused'
        ? t('trigger.refused', { id: shown.logId })
        : t('trigger.pending', { id: shown.logId })
  return (
    <Alert color={COLOR[shown.state]} title={title} data-testid="trigger-outcome" data-state={shown.state} data-run-id={shown.logId}>
      <Stack gap={6}>
        {reason && (
          <Text size="sm" className="jd-pre-line" data-testid="trigger-outcome-reason">
            {reason}
          </Text>
        )}
        {hasTrail && showTrail && (
          <div data-testid="trigger-outcome-trail">
            <TriggerTrailView trail={shown.triggerTrail} triggerMsg={shown.triggerMsg} rawTestId="trigger-outcome-trail-text" />
          </div>
        )}
        <Group gap="sm">
          <RunLink runId={shown.logId} testId="trigger-run-link" onOpen={onOpen}>
            {t('trigger.openRun', { id: shown.logId })}
          </RunLink>
          {hasTrail && (
            <Button
              size="compact-xs"
              variant="subtle"
              color={COLOR[shown.state]}
              onClick={() => setShowTrail((on) => !on)}
              data-testid="trigger-outcome-trail-toggle"
            >
              {showTrail ? t('trigger.hideTrail') : t('trigger.showTrail')}
            </Button>
          )}
        </Group>
      </Stack>
    </Alert>
  )
}

export function TriggerOutcomes({ outcomes, onOpen }: { outcomes: readonly RunTriggerOutcome[]; onOpen(): void }) {
  return (
    <Stack gap="xs" data-testid="trigger-outcomes">
      {outcomes.map((outcome) => (
        <OutcomeCard key={outcome.logId} outcome={outcome} onOpen={onOpen} />
      ))}
    </Stack>
  )
}
