import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import terms from '@/content/legal/terms.md'
import dpa from '@/content/legal/dpa.md'
import { LegalDocument } from '@/ui/legal/legal-document'

describe('LegalDocument', () => {
  it('shows the title, its date and a contents list linking to every section heading', () => {
    render(<LegalDocument {...terms.meta} toc={terms.toc} html={terms.html} />)
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument()
    expect(screen.getAllByText('Effective 23 April 2025')[0]).toBeVisible()

    const contents = screen.getByRole('navigation', { name: 'Contents' })
    const links = within(contents).getAllByRole('link')
    expect(links).toHaveLength(20)
    for (const link of links) {
      const id = link.getAttribute('href')!.slice(1)
      const heading = document.getElementById(id)
      expect(heading?.tagName, id).toBe('H2')
      expect(heading).toHaveTextContent(link.textContent!)
    }
    expect(within(contents).getByRole('link', { name: '17. Limitation of liability' })).toHaveAttribute('href', '#limitation-of-liability')
  })

  it('renders the generative AI policy of the DPA as a section of its own', () => {
    render(<LegalDocument {...dpa.meta} toc={dpa.toc} html={dpa.html} />)
    expect(screen.getByRole('heading', { level: 2, name: '6. Generative AI policy' })).toHaveAttribute('id', 'generative-ai-policy')
    expect(screen.getByText(/never auto-published/)).toBeInTheDocument()
  })
})
