/**
 * Why routing picked an address (or none), for the routing strategies (src/main/trigger/routing/)
 * and the route preview, and how the executor answered the trigger. English; the console's other
 * languages translate the same codes (src/renderer/src/i18n/zh-cn-messages-route.ts).
 */
export const enRouteMessages = {
  // XXL-JOB's wording is "Trigger Fail：registry address is empty".
  'routeReason.emptyAddress': 'Registry address is empty: the group has no executor address to route to.',
  'routeReason.first': 'First of {count} addresses in list order.',
  'routeReason.last': 'Last of {count} addresses in list order.',
  'routeReason.round': 'Round position {position} of job {jobId} selects index {index} of {count} addresses.',
  'routeReason.random': 'Random pick: index {index} of {count} addresses.',
  'routeReason.consistentHash': 'Job {jobId} hashes to {hash}; the next ring node is {node} of {nodes} virtual nodes.',
  'routeReason.consistentHashWrapped': 'Job {jobId} hashes to {hash}; the next ring node, wrapping around, is {node} of {nodes} virtual nodes.',
  'routeReason.leastFrequentlyUsed': 'Least frequently used for job {jobId}: used {useCount} time(s) in 24 h, the fewest of {count} addresses.',
  'routeReason.leastRecentlyUsed': 'Least recently used for job {jobId}: the address routed to longest ago among {count}.',
  'routeReason.probeFirst': '{address} answered {path} with code 200, the first address probed.',
  'routeReason.probeAfterOne': '{address} answered {path} with code 200, after 1 failed probe.',
  'routeReason.probeAfterMany': '{address} answered {path} with code 200, after {failed} failed probes.',
  'routeReason.probeNone': 'No address answered {path} with code 200 ({probed} probed); route failed.',
  'routeReason.shard': 'shard {index}/{total} goes to address {index} of the list.',

  'routePreview.round':
    'ROUND rotates through the addresses per job (one sequence for every node of a cluster); the job’s first trigger starts at a random one.',
  'routePreview.random': 'RANDOM picks one of the addresses at random on every trigger.',
  'routePreview.shardNone': 'no address to shard across',
  'routePreview.shards': 'one run per address: {shards}',

  'triggerResult.noAddress': 'failed — no executor address (Trigger Fail)',
  'triggerResult.addressesFull': 'failed — every address of the group is at its maxConcurrent of {max} (Trigger Fail)',
  'triggerResult.accepted': 'accepted by the executor (code 200) in {ms} ms',
  'triggerResult.refused': 'refused (code {code}) in {ms} ms: {msg}',
  'triggerResult.acceptedAfterWait': 'accepted by the executor (code 200) in {ms} ms, after waiting {waited} ms here for a free connection',
  'triggerResult.refusedAfterWait': 'refused (code {code}) in {ms} ms, after waiting {waited} ms here for a free connection: {msg}',
  'triggerResult.dropped': 'Trigger dropped: the trigger pool queue is full (the admin is overloaded).',
  'triggerResult.failed': 'Trigger failed: {message}',
} as const
