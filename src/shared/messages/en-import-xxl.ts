/**
 * English text of what an import from XXL-JOB flags or refuses (src/main/import-xxl/), by code.
 * Each report line carries its code and parameters; the console renders them in its language.
 */
export const enImportXxlMessages = {
  'xxl.urlNotMysql': '{url} is not a mysql:// or mariadb:// URL (e.g. mysql://user:password@host:3306/xxl_job)',
  'xxl.urlInvalid': '{url} is not a valid URL (e.g. mysql://user:password@host:3306/xxl_job)',
  'xxl.urlEscape': '{url} has a badly escaped {part}',
  'xxl.urlNoDatabase': '{url} names no database: add it as the path (…:3306/xxl_job)',
  'xxl.urlNoHost': '{url} names no host',
  'xxl.urlNoUser': '{url} names no user (mysql://user:password@host/…)',
  'xxl.unreachable': 'cannot read the XXL-JOB database {url}: {reason}',
  'xxl.notXxl': "database '{database}' is not an XXL-JOB 2.1-3.x database: it lacks {missing}",
  'xxl.runDays': 'the runs of 1 to {max} days can be imported, got {got}',

  'xxl.groupMissing': 'its executor group (id {groupId}) is not in xxl_job_group',
  'xxl.unknownScheduleType': "schedule type '{value}' is not NONE, CRON or FIX_RATE",
  'xxl.unknownMisfire': "misfire strategy '{value}' is not DO_NOTHING or FIRE_ONCE_NOW",
  'xxl.unknownRoute': "route strategy '{value}' is not one of XXL-JOB's ten (FIRST … SHARDING_BROADCAST)",
  'xxl.noRoute': 'it has no route strategy (XXL-JOB cannot trigger it either)',
  'xxl.unknownBlock': "block strategy '{value}' is not SERIAL_EXECUTION, DISCARD_LATER or COVER_EARLY",
  'xxl.unknownGlueType':
    "GLUE type '{value}' is not one JobDesk knows (BEAN, GLUE_GROOVY, GLUE_SHELL, GLUE_PYTHON, GLUE_PYTHON2, GLUE_PHP, GLUE_NODEJS, GLUE_POWERSHELL)",
  'xxl.groupRefused': "its executor group '{appName}' cannot be imported",
  'xxl.groovyOnJobDesk': "GLUE_GROOVY needs a Java executor, and the executors of JobDesk's group '{appName}' are JobDesk's own",
  'xxl.nameMadeUnique': "another job of '{appName}' is also named '{original}': imported as '{name}'",
  'xxl.renamed': "JobDesk already has a job '{original}' in '{appName}': imported as '{name}'",
  'xxl.noneStopped': 'marked running in XXL-JOB but it has no schedule (NONE): imported stopped',
  'xxl.childMissing': 'child job {child} is not in xxl_job_info: that link is left out',
  'xxl.childNotANumber': "child job id '{child}' is not a number: that link is left out",
  'xxl.childSelf': 'it names itself as its child: that link is left out',
  'xxl.childRefused': 'child job {child} is not imported: that link is left out',
  'xxl.childCycle': 'the link to child job {child} would close the cycle {path}: that link is left out',
  'xxl.linkOfSkippedJob': 'the link to child job {child} is not set: the job itself is skipped',
  'xxl.groupDuplicate': "XXL-JOB has {count} groups with app name '{appName}' (ids {ids}): their jobs join one JobDesk group named after id {firstId}",
  'xxl.unknownAddressType': 'address type {value} is not 0 (automatic) or 1 (manual)',
  'xxl.groupTokensNotImported':
    "the access tokens of {groups} stay behind: JobDesk refuses XXL-JOB's published default token and keeps tokens out of imports; set each group's token on the Executors page (or give its executors JobDesk's)",
  'xxl.runsCapped': 'only the newest {cap} runs are imported; {beyond} older runs of the window are left out',
} as const
