export declare const FIRST_INPUT_BUDGET_MS: number
export type FirstInputRun = { formVisible: number; hydrated: number; slowest: number; kept: boolean }
export declare function summarizeFirstInput(list: FirstInputRun[]): {
  formVisible: number
  hydrated: number
  slowest: number
  runs: number[]
  kept: number
  ok: boolean
} | null
