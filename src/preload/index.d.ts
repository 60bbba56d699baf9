import type { JobDeskIpc } from '../shared/ipc'

declare global {
  interface Window {
    /** Present in the desktop app only; the headless console talks over the browser bridge instead. */
    jobdesk?: JobDeskIpc
  }
}

export {}
