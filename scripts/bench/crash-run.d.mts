export type ReaderRow = {
  reader: string
  expected: number
  delivered: number
  lost: number
  duplicated: number
  /** Chat only: messages sent again, each traced to a dropped answer (or counted as duplicated). */
  resends: number
  /** Calls the fake took for this reader and never answered. */
  dropped: number
  /** The expected ids the reader never received. */
  missing: string[]
  ok: boolean
}

export type CrashBenchResult = {
  rows: ReaderRow[]
  traces: string[]
  lost: string[]
  unexpected: string[]
  summary: string[]
  table: string
  faults: { landed: number; tally: Record<string, { runs: number; killed: number; missed: number }> }
  clean: { rounds: number; seconds: number; settled: boolean }
  ok: boolean
}

export declare function runCrashBench(options: {
  leads: number
  registrations: number
  kills: number
  seed: number
  dropRate: number
  latencyMs?: number
  faultsLimitMs?: number
  cleanLimitMs?: number
}): Promise<CrashBenchResult>
