/**
 * How long a user's password may be, for the core's check and the console's hints alike; apart from
 * the schemas so a form that only shows the rule does not load zod into the console's first paint.
 */
export const PASSWORD_MIN_CHARS = 10
/** scrypt reads it all: a cap keeps one request from costing much. */
export const PASSWORD_MAX_CHARS = 256
