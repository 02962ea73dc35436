export type PlatformFault = '400' | '401' | '429' | '503' | 'drop' | 'hang'
export declare const FAULTS: PlatformFault[]
export type PlatformCall = {
  endpoint: string | undefined
  method: string
  path: string
  text: string
  /** -1 when the connection was dropped, or left hanging, before any answer. */
  status: number
  fault: PlatformFault | undefined
}
export declare const HEX_64: RegExp
