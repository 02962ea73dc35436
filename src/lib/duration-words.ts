/** A wait from Retry-After in words: '25 minutes', 'about 2 hours', 'a few seconds'. */
export function durationInWords(seconds: number): string {
  if (seconds < 60) return 'a minute'
  const minutes = Math.ceil(seconds / 60)
  if (minutes < 60) return minutes === 1 ? '1 minute' : `${minutes} minutes`
  const hours = Math.round(minutes / 60)
  return hours === 1 ? 'about an hour' : `about ${hours} hours`
}
