import type { XxlImportReport, XxlNote } from '../../shared/xxl-import'

const VERB = {
  dry: { create: 'to create', update: 'to update', skip: 'to skip', refuse: 'refused' },
  applied: { create: 'created', update: 'updated', skip: 'skipped', refuse: 'refused' },
}

const noteText = (note: XxlNote) => (note.field ? `${note.field}: ${note.message}` : note.message)

/** The report as the command line prints it (English): counts per kind, then each job, group and link with what was flagged. */
export function formatXxlReport(report: XxlImportReport): string[] {
  const verb = report.dryRun ? VERB.dry : VERB.applied
  const lines: string[] = []
  lines.push(`XXL-JOB database ${report.source} (layout ${report.schema.generation}), times read in ${report.timezone}`)
  lines.push(report.dryRun ? 'Dry run: nothing was written.' : 'Imported in one transaction.')
  lines.push(`Read: ${report.read.groups} groups, ${report.read.jobs} jobs, ${report.read.glueVersions} GLUE versions, ${report.read.runs} runs`)
  const groupCount = (action: string) => report.groups.filter((g) => g.action === action).length
  lines.push(
    `Groups: ${groupCount('create')} ${verb.create}, ${groupCount('update')} ${verb.update}, ${groupCount('keep')} kept, ${groupCount('refuse')} refused`,
  )
  for (const group of report.groups) {
    lines.push(`  ${group.action.padEnd(7)} ${group.appName} (${group.name})`)
    for (const note of group.notes) lines.push(`      ${group.action === 'refuse' ? '✗' : '!'} ${noteText(note)}`)
  }
  const { summary } = report
  lines.push(`Jobs: ${summary.created} ${verb.create}, ${summary.updated} ${verb.update}, ${summary.skipped} ${verb.skip}, ${summary.refused} refused`)
  for (const job of report.jobs) {
    const id = job.jobId === null ? '' : ` → JobDesk job ${job.jobId}`
    lines.push(`  ${job.action.padEnd(7)} #${job.xxlId} ${job.appName || '?'} / ${job.name}${id}`)
    for (const note of job.notes) lines.push(`      ${job.action === 'refuse' ? '✗' : '!'} ${noteText(note)}`)
  }
  lines.push(`Child links: ${report.links.set} ${report.dryRun ? 'to set' : 'set'}, ${report.links.dropped.length} left out`)
  lines.push(`GLUE versions: ${report.glueVersions} ${report.dryRun ? 'to add to' : 'added to'} job histories`)
  if (report.runs) {
    const r = report.runs
    lines.push(
      `Runs of the last ${r.days} days: ${r.imported} ${report.dryRun ? 'to import' : 'imported'}; left out: ${r.unfinished} unfinished, ${r.alreadyThere} already in JobDesk, ${r.ofRefusedJobs} of jobs not imported, ${r.beyondCap} beyond the cap`,
    )
  }
  for (const note of report.notes) lines.push(`Note: ${noteText(note)}`)
  return lines
}
