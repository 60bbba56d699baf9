import '@mantine/core/styles.css'
import '@mantine/notifications/styles.css'
import './app/app.css'
import './app/runs.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { consoleGate, consoleToken } from './services/auth'
import { App } from './app/app'
import { preloadPage } from './app/page-modules'
import { parseRoute } from './kit/route'
import { useJobDesk } from './store'
import { connectStore } from './store/events'

const root = createRoot(document.getElementById('root')!)

// The console token first (out of the address fragment before routing reads it), then whether this
// browser may open the console at all: with the token (until the admin set a password) or a session.
const token = consoleToken()
const gate = consoleGate(token)
// The first page's chunks load while the gate and the session are asked for (page-modules.tsx):
// after the gate's request, which would otherwise wait for a connection behind thirty chunks.
preloadPage(parseRoute(location.hash).page)
gate.then(
  (gate) => {
    if (!gate.open) {
      root.render(
        <StrictMode>
          <App signIn={gate.notice} />
        </StrictMode>,
      )
      return
    }
    connectStore()
    useJobDesk.getState().applyRoute(parseRoute(location.hash))
    window.addEventListener('popstate', () => useJobDesk.getState().applyRoute(parseRoute(location.hash)))
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    )
  },
  (error: Error) => root.render(<pre style={{ padding: 16 }}>JobDesk cannot be reached: {error.message}</pre>),
)
