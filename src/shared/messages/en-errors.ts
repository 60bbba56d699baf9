/**
 * English text of the errors the console shows (jobs, groups, links, runs, GLUE, settings, export),
 * by code. The core builds its messages from these templates (./coded-errors.ts), so the English a
 * log or the wire shows and the console's translation always say the same thing.
 */
export const enErrorMessages = {
  'job.notFound': 'job {id} does not exist',
  'job.groupMissing': 'executor group {id} does not exist',
  'job.groovyUnsupported':
    "GLUE_GROOVY needs a Java executor (xxl-job-core): this group's executors are JobDesk's own, which cannot compile Groovy; use BEAN or a script glue type here, or a group of Java executors",
  'job.handlerRequired': 'a BEAN job needs the name of an executor handler',
  'job.retryIntervalRequired': 'a {backoff} backoff needs an interval of at least 1 s',
  'job.retryCapBelowInterval': 'the cap must not be below the first interval',
  'job.noneCannotStart': 'a job with schedule type NONE runs only when triggered; it cannot be started',
  'job.noFireAfterNow': "'{expression}' has no fire time after now",

  'glue.remarkRequired': 'describe the change in a remark (it names the version in the history)',
  'glue.beanHasNoSource': 'a BEAN job has no GLUE source; change its glue type first',

  'cluster.fenced':
    "node '{node}' lost its lease: the cluster took it for dead and took its work over; it joins again with a new epoch within a second, then try again",
  'cluster.lapsed':
    "node '{node}' cannot confirm its lease: its last renewal is {lateMs} ms too old (the node or the database is slow); nobody has taken its work over, and it acts again once its next renewal lands",
  'cluster.notJoined': "node '{node}' is not a member of the cluster at the moment (its join has not landed yet); try again in a second",
  'group.notFound': 'executor group {id} does not exist',
  'group.appNameTaken': "'{appName}' is already the app name of group {id}",
  'group.reservedName': "'{appName}' is reserved for JobDesk's embedded executor",
  'group.embeddedName': "the embedded executor's group keeps its app name",
  'group.embeddedDelete': "the embedded executor's group cannot be deleted",
  'group.inUse': "executor group '{appName}' still has {count} job(s) (e.g. {jobId} '{jobName}'); move or delete them first",
  'group.addressRequired': 'a manual group needs at least one executor address',
  'group.addressType': 'must be 0 (automatic registration) or 1 (manual list), got {got}',

  'link.cycle': 'linking job {parentJobId} → job {childJobId} would close the cycle {path}',
  'link.selfLink': 'a job cannot be its own child',
  'link.jobMissing': 'job {id} does not exist',
  'link.jobId': 'expected a job id (a whole number ≥ 1), got {got}',
  'link.conditionUnknown': "'{got}' is not one of {values}",

  'run.notFound': 'run {id} does not exist',
  'run.notRunning': 'run {id} is not running (it is {status})',
  'run.killRefused': 'the executor {address} refused the kill: {msg}',
  'run.shardForm': '\'{got}\' is not of the form "index/total", e.g. "0/3"',
  'run.shardTotal': "'{got}' total must be at least 1",
  'run.shardIndex': "'{got}' index must be in 0…{last} (0-based, below total)",

  'export.groupMissing': 'executor group {groupId} of job {jobId} does not exist',
  'export.jobMissing': 'job {ids} does not exist',
  'export.flowJobMissing': 'job {jobId} of flow "{flow}" does not exist',
  'export.jobsMissing': 'jobs {ids} do not exist',

  'settings.tokensEqual': 'must differ from the executor access token: every executor box holds that one',
  'settings.tokenFromFlag': 'the token is set by {flag} or {env}; change it there',
  'settings.tokenEmpty': 'an empty token would let anyone in; leave it unset to get a random one',
  'settings.tokenDefault': "'{token}' is XXL-JOB's published default; choose a secret token",
  'settings.listenHost': 'must be an IP address or host name, e.g. 0.0.0.0 or 127.0.0.1',

  'alarm.headerCount': 'has {count} headers; the limit is {max}',
  'alarm.headerName': 'header name {name} is not a valid HTTP token',
  'alarm.headerReserved': 'header {name} is set by JobDesk and cannot be overridden',
  'alarm.headerTwice': 'header {name} is given twice',
  'alarm.headerValue': 'header {name} may hold only printable Latin-1 characters (no line breaks)',
  'alarm.fromControl': 'contains a line break or control character',
  'alarm.from': '{got} is not one email address (e.g. alarm@example.com or JobDesk <alarm@example.com>)',
  'alarm.smtpHost': '{got} is not a host name or IP address',
  'alarm.passRequired': 'a login needs a password when smtp.user is set',
  'alarm.userRequired': 'a login needs a user name when smtp.pass is set',
  'alarm.webhookTwice': '{url} is listed twice',
  'alarm.alertEmail': '{got} is not an email address',
  'alarm.imName': '{got} is not a channel name: 1-64 letters, digits, ".", "_" or "-", starting with a letter or digit',
  'alarm.imNameTwice': 'the channel name #{name} is used twice',
  'alarm.imSecretUnused': 'a {vendor} robot does not sign its messages; leave the secret empty',
  'alarm.imChannelMissing': 'no IM channel is named #{name} (Settings → Alarm channels)',

  'console.noToken': 'no console token: open the address JobDesk printed at start (it ends with #token=…)',
  'console.connectionLost': 'the connection to JobDesk was lost',
  'console.unreachable': 'cannot reach JobDesk (is it running, and is the console token right?)',
  'console.signInFailed': 'sign-in failed',
  'console.authState': 'JobDesk answered {status} to {path}',
} as const
