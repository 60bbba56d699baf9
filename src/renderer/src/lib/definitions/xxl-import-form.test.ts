import { describe, expect, it } from 'vitest'
import { INITIAL_XXL_FORM, xxlNoteText, xxlRequestOf } from './xxl-import-form'

describe('xxlRequestOf', () => {
  it('puts the password into the URL, escaped, and leaves out what is not asked for', () => {
    expect(xxlRequestOf({ ...INITIAL_XXL_FORM, url: ' mysql://xxl@db:3306/xxl_job ', password: 'p@ss:/w' }, true)).toEqual({
      url: 'mysql://xxl:p%40ss%3A%2Fw@db:3306/xxl_job',
      dryRun: true,
      onConflict: 'skip',
    })
  })

  it("keeps a URL's own password, and sends the runs window and the zone when given", () => {
    expect(
      xxlRequestOf(
        { ...INITIAL_XXL_FORM, url: 'mysql://u:own@db/x', password: 'other', withRuns: true, days: 3, timezone: 'Asia/Shanghai', onConflict: 'rename' },
        false,
      ),
    ).toEqual({
      url: 'mysql://u:own@db/x',
      dryRun: false,
      onConflict: 'rename',
      withRunsDays: 3,
      timezone: 'Asia/Shanghai',
    })
  })

  it('sends a URL that does not parse as typed, for the core to explain', () => {
    expect(xxlRequestOf({ ...INITIAL_XXL_FORM, url: 'db:3306', password: 'x' }, true).url).toBe('db:3306')
  })
})

describe('xxlNoteText', () => {
  it('renders a note by its code in the language shown, with the field of a JobDesk rule', () => {
    const note = { code: 'xxl.childMissing', params: { child: 99 }, message: 'child job 99 is not in xxl_job_info: that link is left out' }
    expect(xxlNoteText('zh-CN', note)).toBe('子任务 99 不在 xxl_job_info 中：该依赖不导入')
    expect(xxlNoteText('en', { code: 'unknown.code', params: {}, message: 'as the core said', field: 'scheduleConf' })).toBe('scheduleConf: as the core said')
  })
})
