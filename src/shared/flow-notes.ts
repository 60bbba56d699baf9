/**
 * The notes a flow run and its nodes keep on why they ended (FlowRun.reason, FlowNodeRun.note).
 * The store keeps them as English text — older rows, the API and the exports carry that — and the
 * core writes them only through flowNoteText, so the console can read each back (parseFlowNote)
 * and say it in its own language. A note this does not know (an error's message) stays as it is.
 */
export type FlowNote =
  | { kind: 'killedBy'; actor: string }
  | { kind: 'timedOut'; seconds: number }
  | { kind: 'markedBy'; state: string; actor: string }
  | { kind: 'approvedBy' | 'rejectedBy'; actor: string; comment: string }
  | { kind: 'undecided'; seconds: number }
  | { kind: 'jobMissing'; jobId: number }
  /** A switch's note: which case held (1-based) and the child it picked; the default; or no branch. */
  | { kind: 'switchCase'; index: number; to: string }
  | { kind: 'switchDefault'; to: string }
  | { kind: 'switchNone' }
  /** A child of a switch that picked another branch. */
  | { kind: 'notChosen'; switchKey: string }
  /** A subflow node: its child run ended (success, failed, killed). */
  | { kind: 'subflowEnded'; flowRunId: number; state: string }
  | { kind: 'subflowTooDeep'; max: number }

/** The English text of a note, as it is stored. */
export function flowNoteText(note: FlowNote): string {
  switch (note.kind) {
    case 'killedBy':
      return `killed by ${note.actor}`
    case 'timedOut':
      return `timed out after ${note.seconds} s`
    case 'markedBy':
      return `marked ${note.state} by ${note.actor}`
    case 'approvedBy':
    case 'rejectedBy':
      return `${note.kind === 'approvedBy' ? 'approved' : 'rejected'} by ${note.actor}${note.comment ? `: ${note.comment}` : ''}`
    case 'undecided':
      return `rejected: not decided within ${note.seconds} s`
    case 'jobMissing':
      return `job ${note.jobId} does not exist`
    case 'switchCase':
      return `case ${note.index} held: runs ${note.to}`
    case 'switchDefault':
      return `no case held: runs the default ${note.to}`
    case 'switchNone':
      return 'no case held and there is no default: no branch runs'
    case 'notChosen':
      return `branch not taken by switch ${note.switchKey}`
    case 'subflowEnded':
      return `sub-flow run ${note.flowRunId} ended ${note.state}`
    case 'subflowTooDeep':
      return `sub-flows nest deeper than ${note.max} levels: not started`
  }
}

/** The note a stored text says, or null for a text no template wrote. */
export function parseFlowNote(text: string): FlowNote | null {
  let match: RegExpExecArray | null
  if ((match = /^killed by (.+)$/s.exec(text))) return { kind: 'killedBy', actor: match[1] }
  if ((match = /^timed out after (\d+(?:\.\d+)?) s$/.exec(text))) return { kind: 'timedOut', seconds: Number(match[1]) }
  if ((match = /^marked (\w+) by (.+)$/s.exec(text))) return { kind: 'markedBy', state: match[1], actor: match[2] }
  if ((match = /^rejected: not decided within (\d+(?:\.\d+)?) s$/.exec(text))) return { kind: 'undecided', seconds: Number(match[1]) }
  // An actor is a user or credential name (no ': '), so the comment is what follows the first one.
  if ((match = /^(approved|rejected) by (.+?)(?:: (.*))?$/s.exec(text)))
    return { kind: match[1] === 'approved' ? 'approvedBy' : 'rejectedBy', actor: match[2], comment: match[3] ?? '' }
  if ((match = /^job (\d+) does not exist$/.exec(text))) return { kind: 'jobMissing', jobId: Number(match[1]) }
  // Node keys are 1-64 of [a-z0-9_-]: no spaces, so the key is the rest of the text.
  if ((match = /^case (\d+) held: runs (\S+)$/.exec(text))) return { kind: 'switchCase', index: Number(match[1]), to: match[2] }
  if ((match = /^no case held: runs the default (\S+)$/.exec(text))) return { kind: 'switchDefault', to: match[1] }
  if (text === 'no case held and there is no default: no branch runs') return { kind: 'switchNone' }
  if ((match = /^branch not taken by switch (\S+)$/.exec(text))) return { kind: 'notChosen', switchKey: match[1] }
  if ((match = /^sub-flow run (\d+) ended (\w+)$/.exec(text))) return { kind: 'subflowEnded', flowRunId: Number(match[1]), state: match[2] }
  if ((match = /^sub-flows nest deeper than (\d+) levels: not started$/.exec(text))) return { kind: 'subflowTooDeep', max: Number(match[1]) }
  return null
}
