import { describe, expect, it } from 'vitest'
import { calendarBookingUrl, createCalEmbedCalendar } from '@/services/calendar'
import { createServices } from '@/services/create-services'
import { parseConfig } from '@/config'

describe("the calendar's own booking page, offered when the widget cannot load", () => {
  it.each([
    [{ calOrigin: 'https://app.cal.com', calLink: 'reviewlift/30min' }, 'https://app.cal.com/reviewlift/30min'],
    [{ calOrigin: 'https://app.cal.com/', calLink: '/reviewlift/30min' }, 'https://app.cal.com/reviewlift/30min'],
    [{ calOrigin: 'https://app.cal.com' }, undefined],
    [{ calLink: 'reviewlift/30min' }, undefined],
    [{}, undefined],
  ])('%j -> %s', (config, url) => {
    expect(calendarBookingUrl(config)).toBe(url)
  })

  it("is the embed's page, none for a site without a calendar, and never /schedule", () => {
    expect(createCalEmbedCalendar({ origin: 'https://cal.example', calLink: 'team/30min' }).bookingUrl).toBe(
      'https://cal.example/team/30min',
    )
    const services = createServices(parseConfig({ VITE_MOCK_SERVICES: 'true' }))
    expect(services.calendar.bookingUrl).toBeUndefined()
  })
})
