/**
 * English texts of the console's third round (log pane, trigger outcomes, runs list, first start,
 * unsaved-change prompts, operator habits). zh-cn-operations.ts has exactly these keys.
 */
export const enOperations = {
  'log.showSource': 'Show each line’s source (class, line, thread)',
  'log.wrap': 'Wrap long lines',
  'log.fullscreen': 'Full screen',
  'log.exitFullscreen': 'Leave full screen (Esc)',
  'log.kept': 'The log JobDesk kept of this finished run',
  'log.keptUnreachable': 'Executor unreachable — showing the log JobDesk kept',
  'log.unreachable': 'Executor unreachable: {error}',
  'log.unreachableHint': 'JobDesk keeps a copy of a LAN run’s log shortly after the run ends; this run has none (yet).',
  'runs.col.group': 'Group',
  'runs.resizeColumn': 'Resize the {column} column',
  'runs.onlyThisJob': 'Only runs of {name}',
  'runs.newer': '{n} newer runs ↑',
  'runs.splitter': 'Resize the runs list and the run',
  'trigger.accepted': 'Run #{id} accepted by {address}',
  'trigger.refused': 'Run #{id} refused',
  'trigger.pending': 'Run #{id} sent; the executor has not answered yet',
  'trigger.showTrail': 'Show the routing trail',
  'trigger.hideTrail': 'Hide the routing trail',
} satisfies Record<string, string>
