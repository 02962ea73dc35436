import { createFileRoute, useHydrated } from '@tanstack/react-router'
import { fromPromise } from 'xstate'
import { emailConfirmationCopy as c } from '@/content/email-confirmation'
import { headFor } from '@/lib/page-meta'
import { useAppActor } from '@/lib/use-app-actor'
import { emailConfirmationMachine } from '@/machines/email-confirmation.machine'
import type { ConfirmRequest, ConfirmResult } from '@/schemas/email-confirmation'
import type { EmailConfirmationService } from '@/services/email-confirmation'
import { site } from '@/site'
import { PageIntro } from '@/ui/layout/page-intro'
import { ConfirmationPanel } from '@/ui/confirm/confirmation-panel'

// Where the link in a registrant's request to confirm leads (issue 35.2). Opening it changes
// nothing (mail scanners open links): the button posts the token. Not indexed, not in the sitemap.
export const Route = createFileRoute('/confirm')({
  head: () => headFor('/confirm'),
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    search.token === undefined || search.token === null ? {} : { token: String(search.token) },
  component: ConfirmPage,
})

const postConfirmation = (service: EmailConfirmationService) =>
  fromPromise<ConfirmResult, ConfirmRequest>(({ input, signal }) => service.send(input, signal))

function ConfirmPage() {
  const { services } = Route.useRouteContext()
  const { token } = Route.useSearch()
  const hydrated = useHydrated()
  const [state, actor] = useAppActor(
    emailConfirmationMachine.provide({ actors: { postConfirmation: postConfirmation(services.emailConfirmation) } }),
    {
      input: { token: token ?? null },
    },
  )
  return (
    <>
      <PageIntro eyebrow={c.eyebrow} title={c.title}>
        {c.intro}
      </PageIntro>
      <div className="container-page pb-16">
        <ConfirmationPanel
          hydrated={hydrated}
          state={state.value as string}
          resend={state.context.lastRequest?.resend === true}
          phone={site.phone}
          onConfirm={() => actor.send({ type: 'confirm' })}
          onNewLink={() => actor.send({ type: 'link.request' })}
          onRetry={() => actor.send({ type: 'retry' })}
        />
      </div>
    </>
  )
}
