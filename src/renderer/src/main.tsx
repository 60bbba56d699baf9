import '@mantine/core/styles.css'
import '@mantine/notifications/styles.css'
import './app/app.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { client } from './api/client'
import { App } from './app/app'
import { parseRoute } from './app/route'
import { useJobDesk } from './store'
import { connectStore } from './store/events'

// The client first: it takes the console token out of the address fragment before routing reads it.
connectStore(client())
useJobDesk.getState().applyRoute(parseRoute(location.hash))
window.addEventListener('popstate', () => useJobDesk.getState().applyRoute(parseRoute(location.hash)))

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
