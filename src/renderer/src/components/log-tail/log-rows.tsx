import { useVirtualizer } from '@tanstack/react-virtual'
import { forwardRef, memo, useEffect, useImperativeHandle, useLayoutEffect, useRef } from 'react'
import type { LogRow } from '../../lib/logs/log-lines'
import { splitLogPrefix } from '../../lib/logs/log-prefix'
import { shownText, splitMatches } from '../../lib/logs/log-search'

/** Row height in px when lines do not wrap; must match .jd-log-row in log-tail.css. */
export const LOG_ROW_HEIGHT = 18

export interface LogRowsHandle {
  scrollToRow(index: number): void
  scrollToEnd(): void
}

interface LogRowsProps {
  rows: readonly LogRow[]
  query: string
  currentRow: number
  follow: boolean
  /** Show each line's XXL-JOB prefix (source class, line, thread) inline instead of only in its tooltip. */
  withSource: boolean
  /** Wrap long lines instead of scrolling sideways (rows then have their own heights). */
  wrap: boolean
  /** The operator scrolled: true when the view is at the end. */
  onScrolledTo(atEnd: boolean): void
  label: string
}

interface LogLineProps {
  row: LogRow
  query: string
  current: boolean
  withSource: boolean
  top: number
  index: number
  measure: ((element: HTMLDivElement | null) => void) | undefined
}

const LogLine = memo(function LogLine({ row, query, current, withSource, top, index, measure }: LogLineProps) {
  // Parsed for the few rows in view only; the row knows where its message starts (prefixEnd).
  const parts = row.prefixEnd > 0 ? splitLogPrefix(row.text) : null
  const text = shownText(row, withSource)
  return (
    <div
      ref={measure}
      className="jd-log-row"
      style={{ transform: `translateY(${top}px)` }}
      data-index={index}
      data-continued={row.continued}
      data-current={current}
      data-testid="log-row"
      data-line={row.lineNum}
    >
      <span className="jd-log-num">{row.continued ? '' : row.lineNum}</span>
      {!withSource && (
        <span className="jd-log-time" data-testid="log-time" title={parts?.timestamp}>
          {parts?.time ?? ''}
        </span>
      )}
      {/* Text nodes only: log content is never interpreted as HTML. */}
      <span className="jd-log-text" data-testid="log-message" title={parts && !withSource ? parts.source : undefined}>
        {splitMatches(text, query).map((piece, i) => (piece.match ? <mark key={i}>{piece.text}</mark> : piece.text))}
      </span>
    </div>
  )
})

/** The virtualised rows of a log: only what is in view is in the DOM, so 100,000 lines stay smooth. */
export const LogRows = forwardRef<LogRowsHandle, LogRowsProps>(function LogRows(
  { rows, query, currentRow, follow, withSource, wrap, onScrolledTo, label },
  ref,
) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => LOG_ROW_HEIGHT,
    overscan: 20,
  })
  // The hit to bring into view sideways once its row is drawn (the row mounts after the scroll).
  const revealRow = useRef(-1)

  useImperativeHandle(ref, () => ({
    scrollToRow: (index) => {
      revealRow.current = index
      virtualizer.scrollToIndex(index, { align: 'center' })
    },
    scrollToEnd: () => {
      const el = scrollRef.current
      if (el) el.scrollTop = el.scrollHeight
    },
  }))

  // Wrapped rows are measured as they mount; switching back gives every row its fixed height again.
  useEffect(() => {
    virtualizer.measure()
  }, [wrap, withSource, virtualizer])

  // Following: stay at the end as lines arrive (before paint, so the view never jumps).
  useLayoutEffect(() => {
    const el = scrollRef.current
    if (follow && el) el.scrollTop = el.scrollHeight
  }, [rows.length, follow])

  // A search hit far to the right of a long line: scroll sideways so the highlighted text shows.
  useLayoutEffect(() => {
    const el = scrollRef.current
    if (!el || revealRow.current < 0) return
    const mark = el.querySelector<HTMLElement>(`.jd-log-row[data-index="${revealRow.current}"] mark`)
    if (!mark) return
    revealRow.current = -1
    const box = el.getBoundingClientRect()
    const hit = mark.getBoundingClientRect()
    const gutter = 128
    if (hit.left < box.left + gutter || hit.right > box.right) el.scrollLeft += hit.left - box.left - gutter
  })

  const items = virtualizer.getVirtualItems()
  return (
    <div
      ref={scrollRef}
      className="jd-log-scroll"
      tabIndex={0}
      role="log"
      aria-label={label}
      aria-live="off"
      data-testid="log-scroll"
      data-wrap={wrap}
      onScroll={(event) => {
        const el = event.currentTarget
        onScrolledTo(el.scrollTop + el.clientHeight >= el.scrollHeight - LOG_ROW_HEIGHT)
      }}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {items.map((item) => (
          <LogLine
            key={item.index}
            index={item.index}
            row={rows[item.index]}
            query={query}
            current={item.index === currentRow}
            withSource={withSource}
            top={item.start}
            measure={wrap ? virtualizer.measureElement : undefined}
          />
        ))}
      </div>
    </div>
  )
})
