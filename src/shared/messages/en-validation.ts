/**
 * English text of validation problems: zod's issues (src/shared/schema/issue-text.ts maps them to
 * these codes), the shared field rules, schedules (cron, fixed rate, time zones) and child job ids.
 * `{got}` is the offending value as a short token (`"abc"`, `42`, `null`, `[×3]`).
 */
export const enValidationMessages = {
  'validation.required': 'is required',
  'validation.type': 'must be {expected}, got {got}',
  'validation.tooLong': 'is {length} characters long; the limit is {max}',
  'validation.tooShort': 'must be at least {min} characters long',
  'validation.tooLarge': 'must be at most {max}, got {got}',
  'validation.tooSmall': 'must be at least {min}, got {got}',
  'validation.tooMany': 'has {count} items; the limit is {max}',
  'validation.tooFew': 'needs at least {min} item(s)',
  'validation.oneOf': 'must be one of {values}; got {got}',
  'validation.format': '{got} is not valid ({format})',
  'validation.unknownField': 'unknown field {keys}',
  'validation.union': '{got} does not fit any of the accepted forms',
  'validation.invalid': '{got} is not valid here',
  'validation.email': '{got} is not an email address',
  'validation.alarmTarget': '{got} is neither an email address nor an IM channel (#name)',
  'validation.url': '{got} is not an http:// or https:// URL',
  'validation.appName': "{got} must be 4-64 characters: letters, digits, '.', '_' or '-', starting with a letter or digit",
  'validation.address': '{got} {problem}',
  'validation.addressTooLong': '{got} is {length} characters long; the limit is {max}',

  'schedule.unknownType': "'{got}' is not a schedule type; expected one of {values}",
  'schedule.noFireAfter': "'{expression}' has no fire time after {from}",
  'timezone.required': 'an IANA time zone is required, e.g. Europe/Berlin',
  'timezone.unknown': "'{zone}' is not an IANA time zone",
  'fixRate.tooLarge': "FIX_RATE allows at most {max} seconds, got '{got}'",
  'fixRate.invalid': "FIX_RATE needs a whole number of seconds ≥ 1, got '{got}'",
  'businessDay.format': "BUSINESS_DAY needs business days and a time, e.g. 'BD1 09:00', 'BD-1 18:30' or 'BD3,BD-2 08:00'; got '{got}'",
  'businessDay.zero': "'{got}': BD0 is no business day; count from the first with BD1 or from the last with BD-1",
  'businessDay.tooFar': "'{got}': a month has at most {max} business days, so BD{max} and BD-{max} are the farthest",
  'businessDay.time': "'{got}': the time must be HH:MM or HH:MM:SS within one day",

  'cron.required': 'a CRON schedule needs an expression',
  'cron.fieldCount': 'expected 6 or 7 fields (seconds minutes hours day-of-month month day-of-week [year]), got {count}',
  'cron.bothDays':
    "'{expression}' day-of-month '{dayOfMonth}' and day-of-week '{dayOfWeek}' are both restricted; Quartz does not support that combination, set one of them to '?'",
  'cron.mustStandAlone': "'{expression}' {cronField} '{text}': '{item}' must stand alone, not in a list",
  'cron.emptyEntry': "'{expression}' {cronField} has an empty entry in its list",
  'cron.questionMarkField': "'{expression}' {cronField} '?' is only allowed in day-of-month or day-of-week",
  'cron.questionMarkAlone': "'{expression}' {cronField} '?' is only allowed alone in day-of-month or day-of-week",
  'cron.lastOffset': "'{expression}' {cronField} '{item}' is not supported (offsets before the last day, L-n, are not available; use L or LW)",
  'cron.loneL':
    "'{expression}' {cronField} 'L' is not supported (Quartz reads a lone L as Saturday: write 7 or SAT; nL means the last weekday n of the month, e.g. 6L = last Friday)",
  'cron.nthLast': "'{expression}' {cronField} '{item}' is not Quartz syntax: write {weekday}L for the last one in the month",
  'cron.nthNotNumber': "'{expression}' {cronField} '{item}': the occurrence after '#' must be a number 1-5",
  'cron.nthRange': "'{expression}' {cronField} '{item}': occurrence {occurrence} is out of range 1-5",
  'cron.hashOnlyDayOfWeek': "'{expression}' {cronField} '{item}': '#' is only allowed alone in day-of-week, as n#k (e.g. 6#3)",
  'cron.lOnlyDays': "'{expression}' {cronField} 'L' is only allowed in day-of-month or day-of-week",
  'cron.wOnlyDayOfMonth': "'{expression}' {cronField} 'W' is only allowed in day-of-month",
  'cron.invalidItem': "'{expression}' {cronField} '{item}' is not valid",
  'cron.backwards': "'{expression}' {cronField} range {from}-{to} runs backwards",
  'cron.stepNotNumber': "'{expression}' {cronField} '{item}': the step after '/' must be a number 1-{maxStep}",
  'cron.stepRange': "'{expression}' {cronField} '{item}': step {step} is out of range 1-{maxStep}",
  'cron.outOfRange': "'{expression}' {cronField} {value} is out of range {range}",
  'cron.badName': "'{expression}' {cronField} '{token}' is not a {nameKind} name ({first}-{last})",
  'cron.badToken': "'{expression}' {cronField} '{item}' is not valid (expected {range}, a range a-b, a step a/n or */n, a list of these)",
  'cron.badTokenDayOfMonth':
    "'{expression}' {cronField} '{item}' is not valid (expected {range}, a range a-b, a step a/n or */n, a list of these, L, LW or nW)",
  'cron.badTokenDayOfWeek': "'{expression}' {cronField} '{item}' is not valid (expected {range}, a range a-b, a step a/n or */n, a list of these, nL or n#k)",
  'cron.engine': "'{expression}' is not accepted by the cron engine: {reason}",

  'childJobIds.type': 'expected comma-separated job ids, got {got}',
  'childJobIds.empty': 'item {item} is empty; expected job ids separated by single commas',
  'childJobIds.notId': '{got} is not a job id; expected a whole number',
  'childJobIds.belowOne': '{got} is not a job id; ids are whole numbers from 1',
} as const

/**
 * Values of some parameters are words of their own (an expected type, a cron field, an address
 * problem): their English text. Other languages give theirs in the console's dictionaries.
 */
export const enParamWords = {
  expected: {
    number: 'a number',
    int: 'a whole number',
    string: 'text',
    boolean: 'true or false',
    array: 'a list',
    object: 'an object',
    tuple: 'a list',
    record: 'an object',
    null: 'null',
  },
  cronField: {
    second: 'second',
    minute: 'minute',
    hour: 'hour',
    'day-of-month': 'day-of-month',
    month: 'month',
    'day-of-week': 'day-of-week',
    year: 'year',
  },
  nameKind: { weekday: 'weekday', month: 'month' },
  range: {
    '0-59': '0-59',
    '0-23': '0-23',
    '1-31': '1-31',
    '1-12 or JAN-DEC': '1-12 or JAN-DEC',
    '1-7 or SUN-SAT (1 = SUN)': '1-7 or SUN-SAT (1 = SUN)',
    '1970-2099': '1970-2099',
  },
  problem: {
    oneAddress: 'must be one address: no spaces or commas',
    notUrl: 'is not a URL (expected e.g. http://10.0.0.5:9999/)',
    notHttp: 'must be an http:// or https:// URL',
    credentials: 'must not carry a user name or password',
    noHost: 'needs a host',
  },
  status: { pending: 'pending', running: 'running', success: 'success', failed: 'failed' },
  what: { job: 'job', flow: 'flow' },
  backfillState: { running: 'running', paused: 'paused', done: 'done', cancelled: 'cancelled' },
} as const
