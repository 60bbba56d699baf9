import './runs-over-time.css'
import { Card, Group, Select, Text } from '@mantine/core'
import { useElementSize } from '@mantine/hooks'
import { useEffect, useMemo, useState } from 'react'
import type { RunBar, RunBarState } from '../../../../shared/run-views'
import { useErrorText, useLanguage, useT } from '../../i18n/use-t'
import { formatDuration } from '../../lib/format/format-duration'
import { formatDateTime } from '../../lib/format/format-time'
import { layoutRunsOverTime, type BarBox } from '../../lib/runs/runs-over-time'
import { listJobRunsOverTime } from '../../services/run-views'
import { useNow } from '../use-now'

const LANE_PX = 14
const BAR_PX = 10
const AXIS_PX = 18
const LIMITS = ['50', '100', '200', '500']
const STATE_ORDER: readonly RunBarState[] = ['success', 'failed', 'killed', 'running', 'waiting', 'pending', 'queued']

type Target = { jobId: number; flowId?: never } | { flowId: number; jobId?: never }

/**
 * A job's or a flow's last runs on a time axis (as Airflow's grid and DolphinScheduler's Gantt):
 * a bar from start to end per run in its state's colour, a retry linked to the run it retried by a
 * dashed line; a click opens the run. Read when shown, and again when `version` changes (a run
 * pushed to the page).
 */
export function RunsOverTime({ target, version, onOpen }: { target: Target; version: string | number; onOpen(id: number): void }) {
  const t = useT()
  const errorText = useErrorText()
  const [limit, setLimit] = useState('50')
  const [bars, setBars] = useState<RunBar[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const { jobId, flowId } = target

  useEffect(() => {
    let current = true
    const request = jobId !== undefined ? { jobId } : { flowId: flowId! }
    listJobRunsOverTime({ ...request, limit: Number(limit) }).then(
      (list) => current && (setBars(list), setError(null)),
      (failure: unknown) => current && setError(errorText(failure)),
    )
    return () => {
      current = false
    }
  }, [jobId, flowId, limit, version, errorText])

  return (
    <Card withBorder padding="xs" data-testid="runs-over-time">
      <Group justify="space-between" wrap="nowrap" mb={4}>
        <Text size="sm" fw={600} title={t('runsOverTime.hint')}>
          {t('runsOverTime.title')}
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Legend bars={bars ?? []} />
          <Select
            size="xs"
            w={80}
            aria-label={t('runsOverTime.limit')}
            data={LIMITS}
            value={limit}
            allowDeselect={false}
            onChange={(value) => value && setLimit(value)}
            data-testid="runs-over-time-limit"
          />
        </Group>
      </Group>
      {error ? (
        <Text size="sm" c="red">
          {error}
        </Text>
      ) : bars === null ? null : bars.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="runs-over-time-empty">
          {t('runsOverTime.empty')}
        </Text>
      ) : (
        <Chart bars={bars} onOpen={onOpen} />
      )}
    </Card>
  )
}

/** An axis label: the time of day within an hour's span, else the day and the minute. */
const tickText = (tick: number, spanMs: number) => (spanMs < 3_600_000 ? formatDateTime(tick).slice(11, 19) : formatDateTime(tick).slice(5, 16))

function Legend({ bars }: { bars: readonly RunBar[] }) {
  const t = useT()
  const present = new Set(bars.map((b) => b.state))
  return (
    <Group gap={8} wrap="nowrap" className="jd-small">
      {STATE_ORDER.filter((state) => present.has(state)).map((state) => (
        <span key={state}>
          <span className="jd-rot-swatch" data-state={state} />
          {t(`runBarState.${state}`)}
        </span>
      ))}
    </Group>
  )
}

function Chart({ bars, onOpen }: { bars: RunBar[]; onOpen(id: number): void }) {
  const t = useT()
  const language = useLanguage()
  const { ref, width } = useElementSize()
  // A bar under way grows with the clock.
  const now = useNow(bars.some((b) => b.endTimeMs === 0) ? 1000 : 60_000)
  const layout = useMemo(() => layoutRunsOverTime(bars, now, Math.max(width, 1)), [bars, now, width])
  const byId = new Map(layout.boxes.map((box) => [box.bar.id, box]))
  const height = layout.lanes * LANE_PX + AXIS_PX
  const span = layout.toMs - layout.fromMs
  const y = (box: BarBox) => box.lane * LANE_PX + (LANE_PX - BAR_PX) / 2
  const label = (box: BarBox) =>
    [
      t('runsOverTime.bar', {
        id: box.bar.id,
        state: t(`runBarState.${box.bar.state}`),
        start: formatDateTime(box.startMs),
        duration: box.bar.endTimeMs > 0 ? formatDuration(box.endMs - box.startMs, language) : t('runsOverTime.stillRunning'),
      }),
      ...(box.bar.retryOf !== null ? [t('runsOverTime.retryOf', { id: box.bar.retryOf })] : []),
    ].join(' · ')

  return (
    <div ref={ref}>
      {width > 0 && (
        <svg className="jd-rot-svg" height={height} role="list" aria-label={t('runsOverTime.title')} data-testid="runs-over-time-chart">
          {layout.boxes.map((box) => {
            const parent = box.bar.retryOf !== null ? byId.get(box.bar.retryOf) : undefined
            return (
              parent && (
                <path
                  key={`link-${box.bar.id}`}
                  className="jd-rot-link"
                  d={`M${parent.x + parent.width},${y(parent) + BAR_PX / 2} L${box.x},${y(box) + BAR_PX / 2}`}
                />
              )
            )
          })}
          {layout.boxes.map((box) => (
            <rect
              key={box.bar.id}
              className="jd-rot-bar"
              role="listitem"
              tabIndex={0}
              x={box.x}
              y={y(box)}
              width={box.width}
              height={BAR_PX}
              data-state={box.bar.state}
              data-run-id={box.bar.id}
              data-testid="run-bar"
              aria-label={label(box)}
              onClick={() => onOpen(box.bar.id)}
              onKeyDown={(event) => event.key === 'Enter' && onOpen(box.bar.id)}
            >
              <title>{label(box)}</title>
            </rect>
          ))}
          <line className="jd-rot-axis" x1={0} x2={width} y1={height - AXIS_PX + 2} y2={height - AXIS_PX + 2} />
          {layout.ticks.map((tick, i) =>
            // A label the one before already says (a span of a few seconds) is left out.
            i > 0 && tickText(tick, span) === tickText(layout.ticks[i - 1], span) ? null : (
              <text
                key={tick}
                className="jd-rot-tick"
                x={((tick - layout.fromMs) / Math.max(1, layout.toMs - layout.fromMs)) * width}
                y={height - 4}
                textAnchor={i === 0 ? 'start' : i === layout.ticks.length - 1 ? 'end' : 'middle'}
              >
                {tickText(tick, span)}
              </text>
            ),
          )}
        </svg>
      )}
    </div>
  )
}
