export declare function freePort(): Promise<number>

export interface DenoFunction {
  url: string
  port: number
  output(): string
  stop(signal?: NodeJS.Signals): Promise<void>
  /** SIGKILL: the function dies wherever it is, as an isolate does when the platform kills it. */
  kill(): Promise<void>
}

export declare function startFunction(
  name: string,
  env: Record<string, string>,
  options?: { flags?: readonly string[] },
): Promise<DenoFunction>
