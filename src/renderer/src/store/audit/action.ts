import { client } from '../../api/client'
import type { SliceCreator } from '../state'
import { initialAuditState } from './initialState'
import type { AuditSlice } from './slice'

const PAGE_SIZE = 100

export const createAuditSlice: SliceCreator<AuditSlice> = (set, get) => {
  // Only the newest first-page read may write the list: the operator types in the filters faster than pages arrive.
  let listRequest = 0
  return {
    ...initialAuditState,

    async fetchAudit(filter) {
      const request = ++listRequest
      try {
        const page = await client().listAudit({ ...filter, limit: PAGE_SIZE })
        if (request === listRequest) set({ auditEntries: page.entries, auditNextBeforeId: page.nextBeforeId })
      } catch (error) {
        if (request === listRequest) throw error
      }
    },

    async fetchOlderAudit(filter) {
      const beforeId = get().auditNextBeforeId
      if (beforeId === null) return
      const page = await client().listAudit({ ...filter, beforeId, limit: PAGE_SIZE })
      set({ auditEntries: [...get().auditEntries, ...page.entries], auditNextBeforeId: page.nextBeforeId })
    },
  }
}
