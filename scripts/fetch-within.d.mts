export function fetchWithin(
  input: string | URL,
  init: RequestInit & { within: number; streamed?: boolean },
  fetchImpl?: typeof fetch,
): Promise<Response>
