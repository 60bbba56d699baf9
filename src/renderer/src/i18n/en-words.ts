/**
 * English names of the wire's enum values (shown with the wire name beside them), the labels of a
 * run's routing trail, and the words around the core's messages. Spread into en.ts;
 * zh-cn-words.ts must have exactly these keys.
 */
export const enWords = {
  'scheduleType.label.NONE': 'None',
  'scheduleType.label.CRON': 'Cron',
  'scheduleType.label.FIX_RATE': 'Fixed rate',
  'scheduleType.label.BUSINESS_DAY': 'Business days',

  'misfire.label.DO_NOTHING': 'Do nothing',
  'misfire.label.FIRE_ONCE_NOW': 'Fire once now',

  'route.label.FIRST': 'First',
  'route.label.LAST': 'Last',
  'route.label.ROUND': 'Round robin',
  'route.label.RANDOM': 'Random',
  'route.label.CONSISTENT_HASH': 'Consistent hash',
  'route.label.LEAST_FREQUENTLY_USED': 'Least frequently used',
  'route.label.LEAST_RECENTLY_USED': 'Least recently used',
  'route.label.FAILOVER': 'Failover',
  'route.label.BUSYOVER': 'Busy over',
  'route.label.SHARDING_BROADCAST': 'Sharding broadcast',

  'block.label.SERIAL_EXECUTION': 'Serial execution',
  'block.label.DISCARD_LATER': 'Discard later',
  'block.label.COVER_EARLY': 'Cover early',

  'glueType.label.BEAN': 'Bean handler',
  'glueType.label.GLUE_GROOVY': 'Groovy script (Java)',
  'glueType.label.GLUE_SHELL': 'Shell script',
  'glueType.label.GLUE_PYTHON': 'Python 3 script',
  'glueType.label.GLUE_PYTHON2': 'Python 2 script',
  'glueType.label.GLUE_PHP': 'PHP script',
  'glueType.label.GLUE_NODEJS': 'Node.js script',
  'glueType.label.GLUE_POWERSHELL': 'PowerShell script',

  'trail.triggerType': 'Trigger type',
  'trail.group': 'Executor group',
  'trail.groupMissing': 'group #{id} (missing)',
  'trail.registration.auto': 'automatic registration',
  'trail.registration.manual': 'manual address list',
  'trail.registration.override': 'address override for this trigger',
  'trail.routeStrategy': 'Route strategy',
  'trail.candidates': 'Candidates ({n})',
  'trail.leftOut': 'Left out',
  'trail.leftOutHint': 'the embedded executor of another JobDesk process',
  'trail.probes': 'Probes',
  'trail.probe': 'code {code}',
  'trail.chosen': 'Chosen',
  'trail.reason': 'Reason',
  'trail.shard': 'Shard',
  'trail.block': 'Block strategy',
  'trail.blockDetail': 'timeout {timeout} s · retries left {retries}',
  'trail.noTimeout': 'no timeout · retries left {retries}',
  'trail.result': 'Trigger result',
  'trail.none': 'none',
  'trail.raw': 'As stored in trigger_msg (XXL-JOB’s text)',

  'import.problemJob': ' (job “{name}”)',
  'import.problemJobKey': ' (job key “{key}”)',
  'import.problemFlow': ' (flow “{name}”)',
} as const
