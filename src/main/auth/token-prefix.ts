/** Personal tokens start with this, so the admin API knows to look one up (and a leak scanner can find them). */
export const PERSONAL_TOKEN_PREFIX = 'jdp_'
