import { describe, expect, it } from 'vitest'
import { shownLanguage } from '../../i18n/shown-language'
import { useJobDesk } from '../index'

describe('the language the translations show', () => {
  it('is the store’s from the start, and follows the operator’s choice', () => {
    expect(shownLanguage()).toBe(useJobDesk.getState().preferences.language)
    const other = shownLanguage() === 'en' ? 'zh-CN' : 'en'
    useJobDesk.getState().setLanguage(other)
    expect(useJobDesk.getState().preferences.language).toBe(other)
    expect(shownLanguage()).toBe(other)
    useJobDesk.getState().setLanguage(other === 'en' ? 'zh-CN' : 'en')
    expect(shownLanguage()).not.toBe(other)
  })
})
