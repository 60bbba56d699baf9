import type { XxlNote } from '../../shared/xxl-import'

/**
 * Every flag and refusal of an XXL-JOB import: a code the console translates (en-import-xxl.ts
 * holds the same keys under `xxlNote.`), its parameters, and the English text.
 */
const TEXT = {
  groupMissing: 'its executor group (id {groupId}) is not in xxl_job_group',
  unknownScheduleType: "schedule type '{value}' is not NONE, CRON or FIX_RATE",
  unknownMisfire: "misfire strategy '{value}' is not DO_NOTHING or FIRE_ONCE_NOW",
  unknownRoute: "route strategy '{value}' is not one of XXL-JOB's ten (FIRST … SHARDING_BROADCAST)",
  noRoute: 'it has no route strategy (XXL-JOB cannot trigger it either)',
  unknownBlock: "block strategy '{value}' is not SERIAL_EXECUTION, DISCARD_LATER or COVER_EARLY",
  unknownGlueType: "GLUE type '{value}' is not one JobDesk knows (BEAN, GLUE_GROOVY, GLUE_SHELL, GLUE_PYTHON, GLUE_PYTHON2, GLUE_PHP, GLUE_NODEJS, GLUE_POWERSHELL)",
  invalid: '{field}: {rule}',
  groupRefused: "its executor group '{appName}' cannot be imported",
  groovyOnJobDesk: "GLUE_GROOVY needs a Java executor, and the executors of JobDesk's group '{appName}' are JobDesk's own",
  nameMadeUnique: "another job of '{appName}' is also named '{original}': imported as '{name}'",
  noneStopped: 'marked running in XXL-JOB but it has no schedule (NONE): imported stopped',
  childMissing: 'child job {child} is not in xxl_job_info: that link is left out',
  childNotANumber: "child job id '{child}' is not a number: that link is left out",
  childSelf: 'it names itself as its child: that link is left out',
  childRefused: 'child job {child} is not imported: that link is left out',
  childCycle: 'the link to child job {child} would close the cycle {cycle}: that link is left out',
  linkInvalid: 'the link to child job {child} is refused: {rule}',
  linkOfSkippedJob: 'the link to child job {child} is not set: the job itself is skipped',
  groupDuplicate: "XXL-JOB has {count} groups with app name '{appName}' (ids {ids}): their jobs join one JobDesk group named after id {firstId}",
  unknownAddressType: 'address type {value} is not 0 (automatic) or 1 (manual)',
  groupInvalid: '{field}: {rule}',
  groupTokensNotImported:
    "the access tokens of {groups} stay behind: JobDesk refuses XXL-JOB's published default token and keeps tokens out of imports; set each group's token on the Executors page (or give its executors JobDesk's)",
  runsCapped: 'only the newest {cap} runs are imported; {beyond} older runs of the window are left out',
} as const

export type XxlNoteCode = keyof typeof TEXT
export const XXL_NOTE_CODES = Object.keys(TEXT) as XxlNoteCode[]

/** The note `code` with its parameters filled into the English text. */
export function xxlNote(code: XxlNoteCode, params: Record<string, string | number> = {}): XxlNote {
  const message = TEXT[code].replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole))
  return { code: `xxl.${code}`, message, params }
}
