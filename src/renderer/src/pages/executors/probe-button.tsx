import { Button, Group, Popover, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import type { ProbeRequest, ProbeResult } from '../../../../shared/api'
import { EMBEDDED_ADDRESS_PREFIX } from '../../../../shared/model'
import { probeExecutor } from '../../services/executors'
import { useErrorText, useLanguage, useT } from '../../i18n/use-t'
import { formatDuration } from '../../lib/format/format-duration'
import { JobSelect } from '../../components/job-select'

/**
 * Probes an executor now: `/beat` (is it up?) or `/idleBeat` for one job (is it free to run that
 * job: no thread running it, nothing queued — what BUSYOVER asks). Shows the answer and how fast.
 */
export function ProbeButton({ address, groupId }: { address: string; groupId: number }) {
  const t = useT()
  const language = useLanguage()
  const errorText = useErrorText()
  const [busy, setBusy] = useState<ProbeRequest['kind'] | null>(null)
  const [result, setResult] = useState<(ProbeResult & { kind: ProbeRequest['kind'] }) | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [idleOpen, setIdleOpen] = useState(false)
  const [jobId, setJobId] = useState<number | null>(null)

  const probe = async (kind: ProbeRequest['kind'], forJobId?: number) => {
    setBusy(kind)
    setError(null)
    try {
      // A one-shot query: its answer is this button's to show. Always with the group: a non-admin's probe needs it,
      // and the group decides whether its token goes along.
      setResult({ ...(await probeExecutor({ address, kind, groupId, ...(forJobId !== undefined ? { jobId: forJobId } : {}) })), kind })
    } catch (caught) {
      setResult(null)
      setError(errorText(caught))
    } finally {
      setBusy(null)
    }
  }

  return (
    <div className="jd-probe">
      <Button
        size="compact-xs"
        variant="default"
        onClick={() => void probe('beat')}
        loading={busy === 'beat'}
        aria-label={t('executors.probeLabel', { address })}
        data-testid="probe"
      >
        {t('executors.probe')}
      </Button>
      <Popover opened={idleOpen} onChange={setIdleOpen} position="bottom" withArrow shadow="md" trapFocus>
        <Popover.Target>
          <Button size="compact-xs" variant="default" onClick={() => setIdleOpen(!idleOpen)} loading={busy === 'idleBeat'} data-testid="probe-idle">
            {t('executors.idleBeat')}
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap="xs" w={260}>
            <Text size="xs" c="dimmed">
              {t('executors.idleBeatHint')}
            </Text>
            <JobSelect
              size="xs"
              groupId={groupId}
              placeholder={t('executors.idleBeatJob')}
              aria-label={t('executors.idleBeatJob')}
              value={jobId}
              onPick={(job) => setJobId(job?.id ?? null)}
              comboboxProps={{ withinPortal: false }}
              data-testid="probe-idle-job"
            />
            <Group justify="flex-end">
              <Button
                size="compact-xs"
                disabled={jobId === null}
                onClick={() => {
                  setIdleOpen(false)
                  if (jobId !== null) void probe('idleBeat', jobId)
                }}
                data-testid="probe-idle-send"
              >
                {t('executors.idleBeatSend')}
              </Button>
            </Group>
          </Stack>
        </Popover.Dropdown>
      </Popover>
      {result && (
        <Text
          size="xs"
          c={result.code === 200 ? 'teal' : 'red'}
          data-testid="probe-result"
          data-code={result.code}
          data-kind={result.kind}
          data-token-sent={result.tokenSent}
        >
          {result.kind === 'idleBeat' ? `${t('executors.idleBeat')}: ` : ''}
          {result.code} {result.msg || ''} · {formatDuration(result.latencyMs, language)}
        </Text>
      )}
      {/* An embedded executor never takes a token (in-process, or the node route's own secret): nothing to say there. */}
      {result && !result.tokenSent && !address.startsWith(EMBEDDED_ADDRESS_PREFIX) && (
        <Text size="xs" c="orange" data-testid="probe-tokenless">
          {t('executors.probeTokenless')}
        </Text>
      )}
      {error && (
        <Text size="xs" c="red" data-testid="probe-error">
          {error}
        </Text>
      )}
    </div>
  )
}
