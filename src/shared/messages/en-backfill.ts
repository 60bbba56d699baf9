/** Messages of backfills (src/main/backfill/, src/shared/schema/backfill.ts), by code (see ./index.ts). */
export const enBackfillMessages = {
  'backfill.target': 'name what to backfill: a job (jobId) or a flow (flowId), not both',
  'backfill.rangeBackwards': 'the range ends ({to}) at or before it starts ({from}): a backfill covers [from, to)',
  'backfill.noSchedule': '{what} {id} has no schedule (NONE), so no slots to backfill; trigger it by hand instead',
  'backfill.tooManySlots':
    'the range holds {count} slots, more than the {max} a backfill takes; give maxSlots (up to {ceiling}) to take them all, or a shorter range',
  'backfill.tooManySlotsToCount': 'the range holds more than {ceiling} slots, more than a backfill ever takes: give a shorter range',
  'backfill.noSlots': "the range holds no slot of {what} {id}'s schedule (with its calendar)",
  'backfill.nothingMissing': 'every one of the {count} slots in the range has a successful run already: nothing is missing',
  'backfill.notFound': 'backfill {id} does not exist',
  'backfill.notPausable': 'backfill {id} is {backfillState}: only a running backfill can be paused',
  'backfill.notResumable': 'backfill {id} is {backfillState}: only a paused backfill can be resumed',
  'backfill.ended': 'backfill {id} is {backfillState} already',
} as const
