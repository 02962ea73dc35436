export type Diagnosis = {
  lcpElement: string | null
  lcpPhases: { ttfb: number; loadDelay: number; loadTime: number; renderDelay: number }
  renderBlocking: { name: string; bytes: number; ms: number }[]
  longTasks: { name: string; ms: number }[]
  scriptsBeforeInteractive: { name: string; bytes: number }[]
  failedAudits: Record<string, string[]>
}
export type RouteFigures = {
  scores: Record<string, number>
  metricScores?: Record<string, number>
  tbt: number
  cls: number
  lcp: number
  scriptBeforeInteractive: number
  why: Diagnosis | null
}
export type Targets = { score: number; tbtMs: number; cls: number; lcpMs: number; landingScriptKb: number; lcpRatio: number }
export declare function explainMisses(input: {
  ours: RouteFigures
  spa: { lcp: number }
  landing: boolean
  targets: Targets
  scriptPackages?: Record<string, Record<string, number>> | null
  noindex?: boolean
}): { miss: string; why: string }[]
