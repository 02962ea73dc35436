// The client-only (SPA) build of the same site, for the bench's side-by-side comparison only:
// one empty HTML shell for every path, everything rendered by the script. Never deployed.
import './styles.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from '@tanstack/react-router'
import { readConfig } from '@/config'
import { createServices } from '@/services/create-services'
import { createAppRouter } from '@/router'

const router = createAppRouter(createServices(readConfig()))
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
)
