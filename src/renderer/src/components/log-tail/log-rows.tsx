import { useVirtualizer } from '@tanstack/react-virtual'
import { forwardRef, memo, useImperativeHandle, useLayoutEffect, useRef } from 'react'
import type { LogRow } from '../../lib/log-lines'
import { splitMatches } from '../../lib/log-search'

/** Fixed row height (px); must match .jd-log-row in log-tail.css. */
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
  /** The operator scrolled: true when the view is at the end. */
  onScrolledTo(atEnd: boolean): void
  label: string
}

const LogLine = memo(function LogLine({ row, query, current, top }: { row: LogRow; query: string; current: boolean; top: number }) {
  return (
    <div
      className="jd-log-row"
      style={{ transform: `translateY(${top}px)` }}
      data-continued={row.continued}
      data-current={current}
      data-testid="log-row"
      data-line={row.lineNum}
    >
      <span className="jd-log-num">{row.continued ? '' : row.lineNum}</span>
      {/* Text nodes only: log content is never interpreted as HTML. */}
      <span className="jd-log-text">
        {splitMatches(row.text, query).map((piece, i) => (piece.match ? <mark key={i}>{piece.text}</mark> : piece.text))}
      </span>
    </div>
  )
})

/** The virtualised rows of a log: only what is in view is in the DOM, so 100,000 lines stay smooth. */
export const LogRows = forwardRef<LogRowsHandle, LogRowsProps>(function LogRows({ rows, query, currentRow, follow, onScrolledTo, label }, ref) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => LOG_ROW_HEIGHT,
    overscan: 20,
  })

  useImperativeHandle(ref, () => ({
    scrollToRow: (index) => virtualizer.scrollToIndex(index, { align: 'center' }),
    scrollToEnd: () => {
      const el = scrollRef.current
      if (el) el.scrollTop = el.scrollHeight
    },
  }))

  // Following: stay at the end as lines arrive (before paint, so the view never jumps).
  useLayoutEffect(() => {
    const el = scrollRef.current
    if (follow && el) el.scrollTop = el.scrollHeight
  }, [rows.length, follow])

  return (
    <div
      ref={scrollRef}
      className="jd-log-scroll"
      tabIndex={0}
      role="log"
      aria-label={label}
      aria-live="off"
      data-testid="log-scroll"
      onScroll={(event) => {
        const el = event.currentTarget
        onScrolledTo(el.scrollTop + el.clientHeight >= el.scrollHeight - LOG_ROW_HEIGHT)
      }}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => (
          <LogLine key={item.index} row={rows[item.index]} query={query} current={item.index === currentRow} top={item.start} />
        ))}
      </div>
    </div>
  )
})
