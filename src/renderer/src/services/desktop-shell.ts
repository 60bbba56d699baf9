/**
 * What the console asks of the window it runs in: whether it is the desktop app (which shows alarms
 * as system notifications and has no sign-in), and the desktop shell's own actions (null in a browser).
 */
export { isDesktop, shellActions } from '../api/client'
