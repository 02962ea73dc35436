import type { IncomingMessage, ServerResponse } from 'node:http'

export declare const NATIVE_LEADS_PATH: string
export declare const NATIVE_LEADS_RECORD_PATH: string

export interface NativeLeadsHandler {
  handle(req: Request, ownOrigin: string): Promise<Response>
  received: unknown[]
}

export declare function sendResponse(res: ServerResponse, response: Response): Promise<void>
export declare function answerNativeLeads(standIn: NativeLeadsHandler, req: IncomingMessage, res: ServerResponse): Promise<boolean>
