import { setupServer } from 'msw/node'
import { handlers } from './handlers'
import { boardHandlers } from './handlers/board'

export const server = setupServer(...handlers, ...boardHandlers())
