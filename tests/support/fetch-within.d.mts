export function fetchWithin(input: string | URL, init: RequestInit & { within: number; streamed?: boolean }): Promise<Response>
