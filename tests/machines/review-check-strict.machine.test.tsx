import { StrictMode } from 'react'
import { render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { FailureError } from '@/schemas/failure'
import { fromCallback } from 'xstate'
import { checkHeadline } from '@/lib/check-headline'
import { fromService } from '@/lib/from-service'
import { useAppActor } from '@/lib/use-app-actor'
import { reviewCheckMachine, type ReviewCheckEvent, type RunCheckInput } from '@/machines/review-check.machine'
import type { ReviewCheckResult } from '@/schemas/review-check'
import { tokenAtOnce } from './token-fakes'

const result: ReviewCheckResult = {
  business: {
    id: 'vet-1',
    name: 'Harbourside Veterinary Clinic',
    address: '221 King Street',
    primaryType: 'veterinary_care',
    rating: 4.6,
    reviewCount: 212,
    mapsUrl: 'https://maps.google.com/?cid=1',
  },
  competitors: [],
  rank: 1,
  radiusKm: 5,
}
const HEADLINE = checkHeadline(result)

/** Like the check service: honours its signal, so an abort rejects with the platform's AbortError. */
function checkService() {
  return vi.fn(
    (_input: RunCheckInput, signal: AbortSignal) =>
      new Promise<ReviewCheckResult>((resolve, reject) => {
        const timer = setTimeout(() => resolve(result), 20)
        signal.addEventListener('abort', () => (clearTimeout(timer), reject(new DOMException('aborted', 'AbortError'))), { once: true })
      }),
  )
}

/** A shared result URL as /check opens it: the flow starts and its URL actor reports the place. */
function SharedCheck({ check, seen }: { check: ReturnType<typeof checkService>; seen: string[] }) {
  const [state] = useAppActor(
    reviewCheckMachine.provide({
      actors: {
        botCheck: tokenAtOnce('XXXX.DUMMY.TOKEN.XXXX'),
        runCheck: fromService(check),
        followUrl: fromCallback<ReviewCheckEvent>(({ sendBack }) => sendBack({ type: 'url.changed', placeId: 'vet-1', radiusKm: 5 })),
      },
      actions: { writeUrl: () => {} },
    }),
  )
  seen.push(JSON.stringify(state.value))
  if (state.matches('failed')) return <p role="alert">{state.context.failure?.kind}</p>
  if (state.matches('result') && state.context.result) return <h2>{checkHeadline(state.context.result)}</h2>
  return <p role="status">Checking...</p>
}

describe('review check machine under React StrictMode', () => {
  it('a check aborted by the double start is not a failure: the result shows', async () => {
    const check = checkService()
    const seen: string[] = []
    render(
      <StrictMode>
        <SharedCheck check={check} seen={seen} />
      </StrictMode>,
    )
    expect(await screen.findByRole('heading', { name: HEADLINE })).toBeInTheDocument()
    // StrictMode did stop the first check mid-request (the case of the shared link under `npm run dev`).
    expect(check.mock.calls.some(([, signal]) => signal.aborted)).toBe(true)
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(seen.some((value) => value.includes('failed'))).toBe(false)
  })

  it('a real failure still shows as one', async () => {
    const check = vi.fn((_input: RunCheckInput, _signal: AbortSignal) =>
      Promise.reject(new FailureError('down', { service: 'review-check' })),
    )
    render(
      <StrictMode>
        <SharedCheck check={check} seen={[]} />
      </StrictMode>,
    )
    expect(await screen.findByRole('alert')).toHaveTextContent('down')
  })
})
