import { useEffect, useState } from 'react'

/** The current time, re-read every `intervalMs` (default 1 s) so ages tick while shown. */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs)
    return () => clearInterval(timer)
  }, [intervalMs])
  return now
}
