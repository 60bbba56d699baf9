import { Alert, Badge, Loader, Group, Text } from '@mantine/core'
import { useEffect, useState } from 'react'
import type { RoutePreview as Preview } from '../../../../shared/api'
import type { JobInfo } from '../../../../shared/model'
import { previewRoute } from '../../services/jobs'
import { EnumLabel } from '../../components/enum-label'
import { messageText } from '../../i18n/server-text'
import { useErrorText, useLanguage, useT } from '../../i18n/use-t'

/** Wait for the address list to settle before asking (FAILOVER/BUSYOVER probe executors for real). */
const ROUTE_PREVIEW_DEBOUNCE_MS = 400

/** Where a manual trigger would go now, and why: or, for a broadcast, how many shards it makes. */
/** `addressList`: the override, already a list; keep its identity while it is unchanged, since a new one asks again. */
export function RoutePreview({ job, addressList }: { job: JobInfo; addressList: string[] }) {
  const t = useT()
  const language = useLanguage()
  const errorText = useErrorText()
  const [preview, setPreview] = useState<Preview | null>(null)
  const [error, setError] = useState<{ caught: unknown } | null>(null)

  useEffect(() => {
    let current = true
    setPreview(null)
    setError(null)
    const timer = setTimeout(() => {
      // A one-shot query: nothing is kept, and only this dialog shows the answer.
      previewRoute({ jobId: job.id, ...(addressList.length > 0 ? { addressList } : {}) }).then(
        (result) => current && setPreview(result),
        (caught: unknown) => current && setError({ caught }),
      )
    }, ROUTE_PREVIEW_DEBOUNCE_MS)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [job.id, addressList])

  if (error)
    return (
      <Text size="xs" c="red" data-testid="route-preview-error">
        {errorText(error.caught)}
      </Text>
    )
  if (!preview)
    // The same two lines as the answer's common shape: the Run button below does not move when it
    // arrives, so a click aimed at Run while the preview loads still lands on Run.
    return (
      <Alert variant="light" color="gray" data-testid="route-preview-pending" p="xs">
        <Group gap={6} wrap="nowrap">
          <Loader size={12} />
          <Text size="sm" fw={500}>
            {t('trigger.routePending')}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          <EnumLabel kind="route" value={job.executorRouteStrategy} />
        </Text>
      </Alert>
    )
  const broadcast = job.executorRouteStrategy === 'SHARDING_BROADCAST'
  // Candidates an admin named outside the group: JobDesk calls them without the group's token.
  const tokenless = new Set(preview.tokenless)
  return (
    <Alert
      variant="light"
      color={preview.chosen || (broadcast && preview.candidates.length > 0) ? 'indigo' : 'orange'}
      data-testid="route-preview"
      data-tokenless={preview.tokenless.join(',')}
      p="xs"
    >
      <Text size="sm" fw={500}>
        {broadcast
          ? t('trigger.shards', { n: preview.candidates.length })
          : preview.chosen
            ? t(tokenless.has(preview.chosen) ? 'trigger.routeChosenTokenless' : 'trigger.routeChosen', { address: preview.chosen })
            : t('trigger.routeNone')}
      </Text>
      <Text size="xs" c="dimmed" data-testid="route-preview-reason">
        <EnumLabel kind="route" value={job.executorRouteStrategy} />: {messageText(language, preview.reason, '')}
      </Text>
      {preview.probes.map((probe) => (
        <Text key={probe.address} size="xs" ff="monospace">
          {probe.kind} {probe.address} → {probe.code} {probe.msg}
          {tokenless.has(probe.address) && (
            <Badge component="span" ml={6} size="xs" color="orange" variant="light" ff="body">
              {t('trigger.noToken')}
            </Badge>
          )}
        </Text>
      ))}
      {preview.leftOut.length > 0 && (
        <Text size="xs" c="dimmed" mt={2} data-testid="route-preview-left-out">
          {t('trigger.previewLeftOut', { addresses: preview.leftOut.join(', ') })}
        </Text>
      )}
      {preview.tokenless.length > 0 && (
        <Text size="xs" c="orange" mt={2} data-testid="route-preview-tokenless">
          {t('trigger.previewTokenless', { addresses: preview.tokenless.join(', ') })}
        </Text>
      )}
    </Alert>
  )
}
