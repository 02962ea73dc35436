export declare const FIRST_INPUT_BUDGET_MS: number
export type FirstInputRun = {
  formVisible: number
  hydrated: number
  slowest: number
  kept: boolean
  scriptAfterPaint?: number
  longestTask?: number
}
export declare function summarizeFirstInput(list: FirstInputRun[]): {
  formVisible: number
  hydrated: number
  scriptAfterPaint: number
  longestTask: number
  slowest: number
  runs: number[]
  kept: number
  ok: boolean
} | null
