// Handlers for the benchmarks: no work, and the moment the handler started as its message, so the
// benchmark can measure scheduled time → handler start from the run rows alone.
export function noopJobHandler() {
  return String(Date.now())
}
