/** Resource pools, priority and the queue (docs/capacity.md). */
export const enCapacityMessages = {
  'pool.name': "'{got}' is not a pool name: 1-64 letters, digits, '.', '_' or '-', starting with a letter or digit",
  'pool.priority': "'{got}' is not a priority: 1 (HIGHEST) to 9 (LOWEST), or HIGHEST, HIGH, NORMAL, LOW, LOWEST",
  'pool.duplicate': "pool '{name}' is named twice",
  'pool.exists': "a pool named '{name}' exists already",
  'pool.notFound': "there is no pool named '{name}'",
  'pool.unknown': "pool '{name}' does not exist: add it first",
  'pool.inUse': "pool '{name}' is used by jobs {jobIds} and flows {flowIds}: take it off them first",
  'pool.busy': "pool '{name}' has runs holding or waiting for its slots ({runs}): remove it once they are done",
  'queue.notQueued': 'run {runId} is not waiting in the queue',
} as const
