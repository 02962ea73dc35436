import { lazy, Suspense } from 'react'
import { createFileRoute, Link, useHydrated, useRouter } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { fromCallback } from 'xstate'
import { headFor } from '@/lib/page-meta'
import { reviewCheckContent as c } from '@/content/review-check'
import { fromService } from '@/lib/from-service'
import { useAppActor } from '@/lib/use-app-actor'
import { useFocusOn } from '@/lib/use-focus-on'
import { reviewCheckMachine, type RunCheckInput } from '@/machines/review-check.machine'
import { DEFAULT_RADIUS_KM, PLACE_ID_PATTERN, RADII_KM, type RadiusKm } from '@/schemas/review-check-values'
import { CheckPicker } from '@/ui/check/check-picker'
import { PageIntro } from '@/ui/layout/page-intro'
import { AddressField } from './-components/address-field'
import { CheckByHand } from './-components/check-by-hand'
import { CheckFailure } from './-components/check-failure'
import { placesSearch } from './-components/places-search'
import { useTurnstile } from './-components/use-turnstile'

// The result screen (table, gap, QR code) is its own chunk: the page opens with the picker only.
const CheckResultView = lazy(() => import('./-components/check-result-view'))

/**
 * `/check?place=<place id>&radius=5`: a shareable result; anything unreadable is ignored. A plain
 * reader, as PlaceIdSchema and RadiusSchema read them: the route's options load with every page,
 * and valibot with them would not (issue 45).
 */
function readCheckSearch(search: Record<string, unknown>): { place?: string; radius?: RadiusKm } {
  const { place, radius } = search
  const radiusKm = typeof radius === 'string' || typeof radius === 'number' ? Number(radius) : undefined
  return {
    place: typeof place === 'string' && PLACE_ID_PATTERN.test(place) ? place : undefined,
    radius: RADII_KM.find((km) => km === radiusKm),
  }
}

const sameResultUrl = (placeId: string, radiusKm: number) => {
  const params = new URLSearchParams(window.location.search)
  const radius = params.get('radius')
  return params.get('place') === placeId && (radius === null || Number(radius) === radiusKm)
}

export const Route = createFileRoute('/check')({
  validateSearch: readCheckSearch,
  head: () => headFor('/check'),
  component: CheckPage,
})

function CheckPage() {
  const { services } = Route.useRouteContext()
  const router = useRouter()
  const navigate = Route.useNavigate()
  const hydrated = useHydrated()
  const { botCheck, watch: watchTouch, slot: widgetSlot } = useTurnstile('check')
  const [state, flow] = useAppActor(
    reviewCheckMachine.provide({
      actors: {
        businessSearch: placesSearch(services.places, 'business'),
        botCheck,
        runCheck: fromService(({ placeId, radiusKm, turnstileToken }: RunCheckInput, signal) =>
          services.reviewCheck.check(placeId, radiusKm, { signal, turnstileToken }),
        ),
        // The URL leads: a shared result URL runs its check again, and Back or Forward to another
        // result (or to the bare picker) shows that one.
        followUrl: fromCallback(({ sendBack }) => {
          const send = (search: unknown) => {
            const { place, radius } = readCheckSearch(search as Record<string, unknown>)
            sendBack({ type: 'url.changed', placeId: place, radiusKm: radius ?? DEFAULT_RADIUS_KM })
          }
          send(router.state.location.search)
          return router.subscribe('onResolved', ({ toLocation, pathChanged }) => {
            if (!pathChanged) send(toLocation.search)
          })
        }),
      },
      actions: {
        // A shared URL opened as it is: no second history entry for the same result.
        writeUrl: (_, { placeId, radiusKm }) =>
          void navigate({ search: (prev) => ({ ...prev, place: placeId, radius: radiusKm }), replace: sameResultUrl(placeId, radiusKm) }),
      },
    }),
  )
  useFocusOn(flow, 'check.refused', () => document.getElementById('check-business'))
  const searchOff = useSelector(state.context.search, (s) => s.matches('disabled'))
  const typed = useSelector(state.context.search, (s) => s.context.query)
  const noMatch = useSelector(state.context.search, (s) => s.matches({ enabled: 'noMatch' }))
  const { context } = state

  return (
    <>
      <PageIntro eyebrow={c.intro.eyebrow} title={c.intro.title}>
        {c.intro.text}
      </PageIntro>
      <div className="container-page grid max-w-3xl gap-8 pb-16">
        {state.matches('result') && context.result ? (
          <Suspense fallback={<p role="status">{c.picker.busy}</p>}>
            <CheckResultView
              result={context.result}
              noReviews={state.hasTag('noReviews')}
              noCompetitors={state.hasTag('noCompetitors')}
              target={context.target}
              onTargetChange={(target) => flow.send({ type: 'target.changed', target })}
              onWiden={(radiusKm) => flow.send({ type: 'radius.changed', radiusKm })}
              onRestart={() => void navigate({ search: (prev) => ({ ...prev, place: undefined, radius: undefined }) })}
            />
          </Suspense>
        ) : (
          <div ref={watchTouch}>
            <CheckPicker
              ready={hydrated && !searchOff}
              busy={state.matches('checking')}
              radiusKm={context.radiusKm}
              error={context.error}
              typed={typed}
              noMatch={noMatch}
              offer={<CheckByHand business={typed.trim()} />}
              onRadiusChange={(radiusKm) => flow.send({ type: 'radius.changed', radiusKm })}
              onSubmit={() => flow.send({ type: 'check.submit' })}
              businessField={({ errorId }) => (
                <AddressField
                  search={context.search}
                  id="check-business"
                  kind="business"
                  label={c.picker.label}
                  placeholder={c.picker.placeholder}
                  invalid={context.error !== null}
                  describedBy={context.error ? errorId : undefined}
                  frozen={state.matches('checking')}
                />
              )}
            />
            {widgetSlot(flow)}
          </div>
        )}
        {searchOff && (
          <p role="alert">
            {c.searchOff}{' '}
            <Link to="/schedule" className="font-semibold text-brand-700 underline">
              {c.searchOffLink}
            </Link>
          </p>
        )}
        <p role="status" className="sr-only">
          {state.matches('checking') ? c.picker.busy : ''}
        </p>
        {state.matches('failed') && <CheckFailure state={state} onRetry={() => flow.send({ type: 'check.retry' })} />}
      </div>
    </>
  )
}
