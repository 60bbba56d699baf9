/**
 * The problems of a refused import. The core's message is `document: 2 problems, nothing was
 * imported:\n- jobs[3].scheduleConf: …\n- links[0]: …`; the dialog lists each problem on its own.
 */
export interface ImportRefusal {
  summary: string
  problems: string[]
}

export function readImportRefusal(message: string): ImportRefusal {
  const lines = message.split('\n')
  const problems = lines.filter((line) => line.startsWith('- ')).map((line) => line.slice(2))
  const summary = lines.filter((line) => !line.startsWith('- ')).join(' ').trim()
  return { summary: summary || message, problems }
}

/** `jobdesk-jobs-2026-01-10-1230.json`: the export's file name, by local time. */
export function exportFileName(nowMs: number, count: number | null): string {
  const d = new Date(nowMs)
  const two = (n: number) => String(n).padStart(2, '0')
  const stamp = `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}-${two(d.getHours())}${two(d.getMinutes())}`
  return count === null ? `jobdesk-jobs-${stamp}.json` : `jobdesk-jobs-${count}-${stamp}.json`
}

/** Reads an import file's text; a parse error names the position, for the dialog. */
export function parseImportFile(text: string): { ok: true; document: unknown } | { ok: false; message: string } {
  try {
    return { ok: true, document: JSON.parse(text) as unknown }
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) }
  }
}
