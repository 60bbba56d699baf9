import { useEffect, useMemo, useState } from 'react'
import type { FlowRun } from '../../../../../shared/flow-types'
import type { GanttAttempt } from '../../../lib/flows/flow-gantt'
import { getNodeRun } from '../../../services/flows'

/** A node retried more than this many times shows its latest tries only: the chart stays readable and the reads few. */
const MAX_TRIES_SHOWN = 20

/**
 * The tries of each retried node of `run` (a job node with more than one job run; a fan-out's runs
 * are its items', shown in its panel), read from its job runs: their trigger and handle times; read
 * again when a try is added or the run's state changes. A try that cannot be read is left out.
 */
export function useNodeAttempts(run: FlowRun): ReadonlyMap<string, readonly GanttAttempt[]> {
  const retried = useMemo(
    () =>
      run.nodes
        .filter((node) => node.runIds.length > 1 && (node.items === undefined || node.items.length === 0))
        .map((node) => ({ key: node.key, runIds: node.runIds.slice(-MAX_TRIES_SHOWN) })),
    [run.nodes],
  )
  const wanted = retried.flatMap((node) => node.runIds).join(',')
  const [times, setTimes] = useState<ReadonlyMap<number, GanttAttempt>>(new Map())
  useEffect(() => {
    if (wanted === '') return
    let current = true
    const ids = wanted.split(',').map(Number)
    void Promise.all(
      ids.map((id) =>
        getNodeRun(id).then(
          (jobRun): [number, GanttAttempt] => [id, { startMs: jobRun.triggerTimeMs, endMs: jobRun.handleTimeMs }],
          () => null,
        ),
      ),
    ).then((read) => current && setTimes(new Map(read.filter((entry) => entry !== null))))
    return () => {
      current = false
    }
  }, [wanted, run.state])
  return useMemo(() => new Map(retried.map((node) => [node.key, node.runIds.flatMap((id) => (times.has(id) ? [times.get(id)!] : []))])), [retried, times])
}
