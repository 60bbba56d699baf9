import './log-tail.css'
import { ActionIcon, Alert, Badge, Group, Loader, Text, TextInput, Tooltip } from '@mantine/core'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { ArrowDownIcon, ChevronDownIcon, ChevronUpIcon, ExpandIcon, PauseIcon, PlayIcon, SourceIcon, WrapIcon } from '../../kit/icons'
import { useT } from '../../i18n/use-t'
import { EMPTY_LOG } from '../../lib/logs/log-lines'
import { stepMatch } from '../../lib/logs/log-search'
import { logState } from '../../lib/logs/log-state'
import { useJobDesk } from '../../store'
import { selectRunLog } from '../../store/run-log/selectors'
import { LogRows, type LogRowsHandle } from './log-rows'
import { useLogMatches } from './use-log-search'

/** A toolbar toggle: pressed or not, with its label as tooltip and accessible name. */
function Toggle({ label, pressed, onToggle, testId, children }: { label: string; pressed: boolean; onToggle(): void; testId: string; children: ReactNode }) {
  return (
    <Tooltip label={label}>
      <ActionIcon variant={pressed ? 'filled' : 'default'} aria-label={label} aria-pressed={pressed} onClick={onToggle} data-testid={testId}>
        {children}
      </ActionIcon>
    </Tooltip>
  )
}

/**
 * A run's log, live: read from line 1, then new lines as the core pushes them. Follows the end
 * until the operator scrolls up (paused) or searches; "jump to end" resumes following. Each line
 * shows its time and message; the XXL-JOB source prefix is in the tooltip or, on demand, inline.
 */
export function LogTail({ logId, runFinished }: { logId: number; runFinished: boolean }) {
  const t = useT()
  const openRunLog = useJobDesk((s) => s.openRunLog)
  const closeRunLog = useJobDesk((s) => s.closeRunLog)
  const refreshRunLog = useJobDesk((s) => s.refreshRunLog)
  const entry = useJobDesk(selectRunLog(logId))
  const [follow, setFollow] = useState(true)
  const [query, setQuery] = useState('')
  const [current, setCurrent] = useState(-1)
  const [withSource, setWithSource] = useState(false)
  const [wrap, setWrap] = useState(false)
  const [fullscreen, setFullscreen] = useState(false)
  const rowsRef = useRef<LogRowsHandle>(null)

  useEffect(() => {
    openRunLog(logId)
    return () => closeRunLog(logId)
  }, [logId, openRunLog, closeRunLog])

  // The run just ended: read its last lines now rather than at the next poll.
  useEffect(() => {
    if (runFinished) void refreshRunLog(logId)
  }, [runFinished, logId, refreshRunLog])

  // Escape leaves full screen first (and nothing else closes with it).
  useEffect(() => {
    if (!fullscreen) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      event.stopPropagation()
      setFullscreen(false)
    }
    window.addEventListener('keydown', onKey, true)
    return () => window.removeEventListener('keydown', onKey, true)
  }, [fullscreen])

  const rows = (entry?.buffer ?? EMPTY_LOG).rows
  const matches = useLogMatches(rows, query, withSource)
  const currentRow = current >= 0 && current < matches.length ? matches[current] : -1
  const state = logState(entry, runFinished)

  const step = (direction: 1 | -1) => {
    const next = stepMatch(current, matches.length, direction)
    setCurrent(next)
    if (next >= 0) {
      setFollow(false)
      rowsRef.current?.scrollToRow(matches[next])
    }
  }

  const jumpToEnd = () => {
    setFollow(true)
    rowsRef.current?.scrollToEnd()
  }

  return (
    <div className="jd-log" data-testid="log-tail" data-log-id={logId} data-fullscreen={fullscreen}>
      <Group gap="xs" wrap="nowrap">
        <Tooltip label={follow ? t('log.follow') : t('log.paused')}>
          <ActionIcon
            variant={follow ? 'filled' : 'default'}
            aria-label={follow ? t('log.paused') : t('log.follow')}
            aria-pressed={follow}
            onClick={() => (follow ? setFollow(false) : jumpToEnd())}
            data-testid="log-follow"
            data-following={follow}
          >
            {follow ? <PauseIcon size={16} /> : <PlayIcon size={16} />}
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('log.jumpToEnd')}>
          <ActionIcon variant="default" aria-label={t('log.jumpToEnd')} onClick={jumpToEnd} data-testid="log-end">
            <ArrowDownIcon size={16} />
          </ActionIcon>
        </Tooltip>
        <TextInput
          size="xs"
          flex={1}
          placeholder={t('log.search')}
          aria-label={t('log.search')}
          value={query}
          onChange={(event) => {
            setQuery(event.currentTarget.value)
            setCurrent(-1)
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault()
              step(event.shiftKey ? -1 : 1)
            }
          }}
          data-testid="log-search"
          rightSectionWidth={90}
          rightSection={
            query ? (
              <Text size="xs" c="dimmed" data-testid="log-match-count">
                {matches.length === 0 ? t('log.noMatches') : t('log.matches', { current: current >= 0 ? current + 1 : 0, count: matches.length })}
              </Text>
            ) : null
          }
        />
        <ActionIcon variant="default" aria-label={t('log.prev')} onClick={() => step(-1)} disabled={matches.length === 0} data-testid="log-prev">
          <ChevronUpIcon size={16} />
        </ActionIcon>
        <ActionIcon variant="default" aria-label={t('log.next')} onClick={() => step(1)} disabled={matches.length === 0} data-testid="log-next">
          <ChevronDownIcon size={16} />
        </ActionIcon>
        <Toggle label={t('log.showSource')} pressed={withSource} onToggle={() => setWithSource((on) => !on)} testId="log-show-source">
          <SourceIcon size={16} />
        </Toggle>
        <Toggle label={t('log.wrap')} pressed={wrap} onToggle={() => setWrap((on) => !on)} testId="log-wrap">
          <WrapIcon size={16} />
        </Toggle>
        <Toggle
          label={fullscreen ? t('log.exitFullscreen') : t('log.fullscreen')}
          pressed={fullscreen}
          onToggle={() => setFullscreen((on) => !on)}
          testId="log-fullscreen"
        >
          <ExpandIcon size={16} />
        </Toggle>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <Text size="xs" c="dimmed" data-testid="log-line-count">
          {t('log.lines', { n: entry?.buffer.lastLineNum ?? 0 })}
        </Text>
        {state === 'loading' && <Loader size={12} data-testid="log-loading" />}
        {state !== 'loading' && (
          <Badge size="xs" variant="light" color={state === 'ended' ? 'gray' : 'blue'} data-testid="log-state" data-end={state === 'ended'}>
            {state === 'ended' ? t('log.ended') : t('log.live')}
          </Badge>
        )}
        {entry && (
          <Text
            size="xs"
            c={entry.executorError ? 'orange' : 'dimmed'}
            className="jd-log-note"
            data-testid="log-source"
            data-source={entry.source ?? 'executor'}
          >
            {entry.source === 'kept' ? (entry.executorError ? t('log.keptUnreachable') : t('log.kept')) : ''}
          </Text>
        )}
        {entry?.error && (
          <Text size="xs" c="red" role="alert">
            {t('log.loadFailed')}: {entry.error}
          </Text>
        )}
      </Group>
      {rows.length === 0 && entry && !entry.loading ? (
        entry.executorError ? (
          <Alert color="orange" p="xs" data-testid="log-unreachable">
            <Text size="sm">{t('log.unreachable', { error: entry.executorError })}</Text>
            <Text size="xs" c="dimmed">
              {t('log.unreachableHint')}
            </Text>
          </Alert>
        ) : (
          <Text size="sm" c="dimmed" data-testid="log-empty">
            {t('log.empty')}
          </Text>
        )
      ) : null}
      <LogRows
        ref={rowsRef}
        rows={rows}
        query={query}
        currentRow={currentRow}
        follow={follow}
        withSource={withSource}
        wrap={wrap}
        label={t('run.log')}
        onScrolledTo={(atEnd) => {
          if (atEnd !== follow) setFollow(atEnd)
        }}
      />
    </div>
  )
}
