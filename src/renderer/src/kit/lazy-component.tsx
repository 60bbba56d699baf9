import { useEffect, useState, type ComponentType, type ReactNode } from 'react'

/** A component whose module loads on first use. */
export interface LazyComponent<P> {
  Component: ComponentType<P>
  /** Starts fetching the module and the chunks it needs (once; a failure lets the next call try again). */
  preload(): Promise<ComponentType<P>>
}

/**
 * Like React.lazy, but without suspending: React 19 holds a Suspense boundary's content back until
 * 300 ms after its fallback showed, so a Jobs page that suspended for its chunk showed its first
 * rows ~300 ms after their data had arrived (B11, docs/benchmarks.md#b11-console-at-scale). Until the
 * module is here the component shows `fallback`; it renders in the same pass when the module is here
 * already (preloaded, or shown before). A module that fails to load throws when rendered, as a lazy
 * component does.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>, fallback: ReactNode = null): LazyComponent<P> {
  let loaded: ComponentType<P> | null = null
  let loading: Promise<ComponentType<P>> | null = null
  const preload = (): Promise<ComponentType<P>> =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = null
        throw error
      },
    ))
  function Component(props: P) {
    const [state, setState] = useState<{ component: ComponentType<P> | null; error?: unknown }>(() => ({ component: loaded }))
    useEffect(() => {
      if (state.component) return
      let current = true
      preload().then(
        (component) => current && setState({ component }),
        (error: unknown) => current && setState({ component: null, error }),
      )
      return () => {
        current = false
      }
    }, [state.component])
    if (state.error !== undefined) throw state.error
    const Loaded = state.component
    return Loaded ? <Loaded {...props} /> : fallback
  }
  return { Component, preload }
}

/**
 * Runs `task` once the browser is idle, at most `timeoutMs` later (without requestIdleCallback, as in
 * Safari, after `timeoutMs`); returns what cancels it.
 */
export function whenIdle(task: () => void, timeoutMs = 3_000): () => void {
  if (typeof requestIdleCallback !== 'function') {
    const timer = setTimeout(task, timeoutMs)
    return () => clearTimeout(timer)
  }
  const handle = requestIdleCallback(task, { timeout: timeoutMs })
  return () => cancelIdleCallback(handle)
}
