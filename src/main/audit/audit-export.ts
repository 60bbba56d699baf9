import type { AuditEntry } from '../../shared/auth'

const COLUMNS = ['id', 'time', 'actor', 'actorKind', 'source', 'action', 'outcome', 'groupId', 'target', 'detail', 'count', 'via'] as const

/** RFC 4180 CSV; a cell that a spreadsheet would run as a formula gets a leading quote. */
export function auditCsv(entries: readonly AuditEntry[]): string {
  const lines = [COLUMNS.join(',')]
  for (const e of entries) {
    const cells = [
      e.id,
      new Date(e.atMs).toISOString(),
      e.actor,
      e.actorKind,
      e.source,
      e.action,
      e.outcome,
      e.groupId ?? '',
      e.target,
      JSON.stringify(e.detail),
      e.count,
      e.via,
    ]
    lines.push(cells.map((cell) => csvCell(String(cell))).join(','))
  }
  return `${lines.join('\r\n')}\r\n`
}

function csvCell(text: string): string {
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

export function auditJson(entries: readonly AuditEntry[]): string {
  return JSON.stringify(
    entries.map((e) => ({ ...e, time: new Date(e.atMs).toISOString() })),
    null,
    2,
  )
}
