/**
 * The call's meeting link comes only from the organizer's side (issue 42 point 2): the conferencing
 * app's own `videoCallData.url`, else the `metadata.videoCallUrl` the calendar saves for Cal Video and
 * Google Meet. Never the payload's `location`: the attendee can type it. And because anyone can add
 * `?metadata[...]` to the public booking link, a `videoCallUrl` counts only on a conferencing host
 * (CAL_MEETING_HOSTS): a made-up page (`https://evil.test/meet`) is never offered as the link.
 */
export const DEFAULT_MEETING_HOSTS = ['app.cal.com', 'cal.com', 'cal.video', 'meet.google.com', 'zoom.us', 'teams.microsoft.com'] as const

/** CAL_MEETING_HOSTS: comma-separated host names; each admits itself and its subdomains. */
export function parseMeetingHosts(setting: string | undefined): readonly string[] {
  const hosts = (setting ?? '')
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean)
  return hosts.length > 0 ? hosts : DEFAULT_MEETING_HOSTS
}

function onHost(value: unknown, hosts: readonly string[]): string | undefined {
  if (typeof value !== 'string' || !/^https:\/\//i.test(value.trim())) return undefined
  try {
    const url = new URL(value.trim())
    if (url.username || url.password || url.port) return undefined
    const host = url.hostname.toLowerCase()
    return hosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`)) ? url.href : undefined
  } catch {
    return undefined
  }
}

export function meetingLink(
  sent: { videoCallData: unknown; videoCallUrl: unknown },
  hosts: readonly string[] = DEFAULT_MEETING_HOSTS,
): string | undefined {
  return onHost(sent.videoCallData, hosts) ?? onHost(sent.videoCallUrl, hosts)
}
