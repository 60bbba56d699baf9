/** JobDesk's version, as package.json says (a unit test keeps the two equal). */
export const JOBDESK_VERSION = '0.1.0'
