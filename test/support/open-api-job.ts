/**
 * An OpenAPI `addJob` body as XXL-JOB's admin takes it: a BEAN job run by hand (NONE), on the first
 * address, serially, with no handler yet; `fields` add the handler (or a GLUE type and source) and
 * whatever a test is about.
 */
export function openApiJob(jobGroup: number, jobDesc: string, fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    jobGroup,
    jobDesc,
    author: 'x',
    scheduleType: 'NONE',
    glueType: 'BEAN',
    executorRouteStrategy: 'FIRST',
    misfireStrategy: 'DO_NOTHING',
    executorBlockStrategy: 'SERIAL_EXECUTION',
    ...fields,
  }
}
