import { StrictMode } from 'react'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { generalTestimonialsSection } from '@/content/landing'
import { generalTestimonials, veterinaryTestimonials } from '@/content/testimonials'
import { Testimonials } from '@/routes/-components/testimonials'

function renderCarousel(testimonials = generalTestimonials) {
  render(
    <StrictMode>
      <Testimonials id="t-title" intro={generalTestimonialsSection} testimonials={testimonials} />
    </StrictMode>,
  )
  const carousel = screen.getByRole('region', { name: 'Client testimonials' })
  const shown = () =>
    within(carousel)
      .getAllByRole('group')
      .filter((g) => g.getAttribute('aria-roledescription') === 'slide' && !g.className.includes('invisible'))
  const shownPractice = () => shown().map((g) => within(g).getByRole('blockquote').closest('figure')!.querySelector('p')!.textContent)
  const dots = () => within(carousel).getAllByRole('button', { name: /^Testimonial \d of 2/ })
  return { carousel, shown, shownPractice, dots }
}

describe('Testimonials carousel (APG pattern, one machine)', () => {
  it('is a labelled carousel region of slide groups "N of 2" inside a polite live region', () => {
    const { carousel, shown } = renderCarousel()
    expect(carousel).toHaveAttribute('aria-roledescription', 'carousel')
    const slides = within(carousel)
      .getAllByRole('group')
      .filter((g) => g.getAttribute('aria-roledescription') === 'slide')
    expect(slides.map((s) => s.getAttribute('aria-label'))).toEqual(['1 of 2', '2 of 2'])
    expect(slides[0]!.parentElement).toHaveAttribute('aria-live', 'polite')
    expect(shown()).toHaveLength(1)
  })

  it('shows practice, quote, author, role and the review figures of every testimonial', () => {
    const { carousel } = renderCarousel(veterinaryTestimonials)
    for (const t of veterinaryTestimonials) {
      expect(within(carousel).getAllByText(t.practice, { exact: false }).length).toBeGreaterThan(0)
      expect(within(carousel).getByText(`“${t.text}”`)).toBeInTheDocument()
      expect(within(carousel).getByText(t.author.name)).toBeInTheDocument()
      expect(within(carousel).getByText(String(t.stats.afterReviews))).toBeInTheDocument()
      expect(within(carousel).getByText(String(t.stats.beforeReviews))).toBeInTheDocument()
      expect(within(carousel).getByText(t.stats.rating.after.toFixed(1))).toBeInTheDocument()
    }
  })

  it('next and previous wrap around both ways, and dots mark the current slide', async () => {
    const user = userEvent.setup()
    const { carousel, shownPractice, dots } = renderCarousel()
    const [first, second] = generalTestimonials.map((t) => t.practice)
    expect(shownPractice()).toEqual([first])
    await user.click(within(carousel).getByRole('button', { name: 'Next testimonial' }))
    expect(shownPractice()).toEqual([second])
    await user.click(within(carousel).getByRole('button', { name: 'Next testimonial' }))
    expect(shownPractice()).toEqual([first])
    await user.click(within(carousel).getByRole('button', { name: 'Previous testimonial' }))
    expect(shownPractice()).toEqual([second])
    expect(dots()[1]).toHaveAttribute('aria-current', 'true')
    expect(dots()[0]).not.toHaveAttribute('aria-current')
    await user.click(dots()[0]!)
    expect(shownPractice()).toEqual([first])
  })

  it('arrow keys on the controls move between slides with wrap-around', async () => {
    const user = userEvent.setup()
    const { carousel, shownPractice } = renderCarousel()
    within(carousel).getByRole('button', { name: 'Next testimonial' }).focus()
    await user.keyboard('{ArrowLeft}')
    expect(shownPractice()).toEqual([generalTestimonials[1]!.practice])
    await user.keyboard('{ArrowRight}')
    expect(shownPractice()).toEqual([generalTestimonials[0]!.practice])
  })
})
