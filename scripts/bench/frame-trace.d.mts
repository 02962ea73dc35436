export type TraceEvent = {
  name: string
  ts: number
  args?: Record<string, unknown> & { data?: { type?: string }; root_damage_rect?: string }
}

export declare const FRAME_TRACE_CATEGORIES: string
export declare function keystrokeFrames(events: TraceEvent[]): (string | null)[]
