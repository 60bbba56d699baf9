import './log-tail.css'
import { ActionIcon, Badge, Group, Loader, Text, TextInput, Tooltip } from '@mantine/core'
import { useEffect, useRef, useState } from 'react'
import { ArrowDownIcon, ChevronDownIcon, ChevronUpIcon, PauseIcon, PlayIcon } from '../../app/icons'
import { useT } from '../../i18n/use-t'
import { EMPTY_LOG } from '../../lib/log-lines'
import { stepMatch } from '../../lib/log-search'
import { useJobDesk } from '../../store'
import { selectRunLog } from '../../store/run-log/selectors'
import { LogRows, type LogRowsHandle } from './log-rows'
import { useLogMatches } from './use-log-search'

/**
 * A run's log, live: read from line 1, then new lines as the core pushes them. Follows the end
 * until the operator scrolls up (paused) or searches; "jump to end" resumes following.
 */
export function LogTail({ logId }: { logId: number }) {
  const t = useT()
  const openRunLog = useJobDesk((s) => s.openRunLog)
  const closeRunLog = useJobDesk((s) => s.closeRunLog)
  const entry = useJobDesk(selectRunLog(logId))
  const [follow, setFollow] = useState(true)
  const [query, setQuery] = useState('')
  const [current, setCurrent] = useState(-1)
  const rowsRef = useRef<LogRowsHandle>(null)

  useEffect(() => {
    openRunLog(logId)
    return () => closeRunLog(logId)
  }, [logId, openRunLog, closeRunLog])

  const rows = (entry?.buffer ?? EMPTY_LOG).rows
  const matches = useLogMatches(rows, query)
  const currentRow = current >= 0 && current < matches.length ? matches[current] : -1

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
    <div className="jd-log" data-testid="log-tail" data-log-id={logId}>
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
      </Group>
      <Group gap="xs">
        <Text size="xs" c="dimmed" data-testid="log-line-count">
          {t('log.lines', { n: entry?.buffer.lastLineNum ?? 0 })}
        </Text>
        {entry?.loading && <Loader size={12} />}
        {entry && !entry.loading && (
          <Badge size="xs" variant="light" color={entry.isEnd ? 'gray' : 'blue'} data-testid="log-state" data-end={entry.isEnd}>
            {entry.isEnd ? t('log.ended') : t('log.live')}
          </Badge>
        )}
        {entry?.error && (
          <Text size="xs" c="red" role="alert">
            {t('log.loadFailed')}: {entry.error}
          </Text>
        )}
      </Group>
      {rows.length === 0 && entry && !entry.loading ? (
        <Text size="sm" c="dimmed" data-testid="log-empty">
          {t('log.empty')}
        </Text>
      ) : null}
      <LogRows
        ref={rowsRef}
        rows={rows}
        query={query}
        currentRow={currentRow}
        follow={follow}
        label={t('run.log')}
        onScrolledTo={(atEnd) => {
          if (atEnd !== follow) setFollow(atEnd)
        }}
      />
    </div>
  )
}
