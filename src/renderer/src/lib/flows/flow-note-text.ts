import { parseFlowNote } from '../../../../shared/flow-notes'
import { FLOW_NODE_STATES, FLOW_RUN_STATES, type FlowNodeState, type FlowRunState } from '../../../../shared/flow-types'
import { translate, type Language } from '../../i18n/dictionary'
import { formatDuration } from '../format/format-duration'

/** A flow run's reason or a node's note in `language`; a text no template of the core wrote stays as it is. */
export function flowNoteLabel(language: Language, text: string): string {
  const note = parseFlowNote(text)
  if (!note) return text
  switch (note.kind) {
    case 'killedBy':
      return translate(language, 'flowNote.killedBy', { actor: note.actor })
    case 'timedOut':
    case 'undecided':
      return translate(language, `flowNote.${note.kind}`, { time: formatDuration(note.seconds * 1000, language) })
    case 'markedBy': {
      const known = (FLOW_NODE_STATES as readonly string[]).includes(note.state)
      const state = known ? translate(language, `flowNodeState.${note.state as FlowNodeState}`) : note.state
      return translate(language, 'flowNote.markedBy', { state, actor: note.actor })
    }
    case 'approvedBy':
    case 'rejectedBy': {
      const said = translate(language, `flowNote.${note.kind}`, { actor: note.actor })
      // The comment is the approver's own words: shown as written.
      return note.comment ? translate(language, 'flowNote.withComment', { note: said, comment: note.comment }) : said
    }
    case 'jobMissing':
      return translate(language, 'flowNote.jobMissing', { id: note.jobId })
    case 'switchCase':
      return translate(language, 'flowNote.switchCase', { index: note.index, to: note.to })
    case 'switchDefault':
      return translate(language, 'flowNote.switchDefault', { to: note.to })
    case 'switchNone':
      return translate(language, 'flowNote.switchNone')
    case 'notChosen':
      return translate(language, 'flowNote.notChosen', { key: note.switchKey })
    case 'subflowEnded': {
      const known = (FLOW_RUN_STATES as readonly string[]).includes(note.state)
      const state = known ? translate(language, `flowRunState.${note.state as FlowRunState}`) : note.state
      return translate(language, 'flowNote.subflowEnded', { id: note.flowRunId, state })
    }
    case 'subflowTooDeep':
      return translate(language, 'flowNote.subflowTooDeep', { max: note.max })
  }
}
