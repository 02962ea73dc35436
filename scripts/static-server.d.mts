import type { IncomingMessage, Server, ServerResponse } from 'node:http'

export interface StaticServerOptions {
  /** Answers first; returns true when it took the request (a test's proxy to a function, say). */
  before?: (req: IncomingMessage, res: ServerResponse) => boolean | Promise<boolean>
}

export declare function startStaticServer(dir: string, port?: number, options?: StaticServerOptions): Promise<Server>
