import { Button, Text } from '@mantine/core'
import { useState } from 'react'
import type { ProbeResult } from '../../../../shared/api'
import { errorMessage } from '../../app/notify'
import { useT } from '../../i18n/use-t'
import { useJobDesk } from '../../store'

/** Calls the executor's `/beat` now and shows what it answered and how fast. */
export function ProbeButton({ address, groupId }: { address: string; groupId: number }) {
  const t = useT()
  const probeExecutor = useJobDesk((s) => s.probeExecutor)
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<ProbeResult | null>(null)
  const [error, setError] = useState<string | null>(null)

  const probe = async () => {
    setBusy(true)
    setError(null)
    try {
      setResult(await probeExecutor({ address, kind: 'beat', groupId }))
    } catch (caught) {
      setResult(null)
      setError(errorMessage(caught))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="jd-probe">
      <Button size="compact-xs" variant="default" onClick={() => void probe()} loading={busy} aria-label={t('executors.probeLabel', { address })} data-testid="probe">
        {t('executors.probe')}
      </Button>
      {result && (
        <Text size="xs" c={result.code === 200 ? 'teal' : 'red'} data-testid="probe-result" data-code={result.code}>
          {result.code} {result.msg || ''} · {Math.round(result.latencyMs)} ms
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
