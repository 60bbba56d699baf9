/** Messages of deadlines and slow runs (src/shared/schema/deadlines.ts), by code (see ./index.ts). */
export const enDeadlineMessages = {
  'deadline.finishBy': "'{got}' is not a time of day: write HH:MM or HH:MM:SS (24-hour), or leave it empty",
  'deadline.slowFactor': 'a slow factor of {got} would call runs of usual length slow: give 1 or more, or 0 for off',
} as const
