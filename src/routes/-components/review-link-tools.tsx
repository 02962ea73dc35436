import { fromPromise } from 'xstate'
import { copyLinkMachine } from '@/machines/copy-link.machine'
import { qrCodeMachine } from '@/machines/qr-code.machine'
import { useAppActor } from '@/lib/use-app-actor'
import { ReviewLinkPanel } from '@/ui/check/review-link-panel'

// The QR library is fetched only when a result is shown, never with the page.
async function drawQr({ input }: { input: { text: string } }): Promise<string> {
  const { toDataURL } = await import('qrcode')
  return toDataURL(input.text, { type: 'image/png', width: 320, margin: 2, errorCorrectionLevel: 'M' })
}

async function writeClipboard({ input }: { input: { text: string } }): Promise<void> {
  await navigator.clipboard.writeText(input.text)
}

/** The review link with its copy button and QR code, each driven by its own machine. */
export function ReviewLinkTools({ link }: { link: string }) {
  const [copy, copyRef] = useAppActor(copyLinkMachine.provide({ actors: { writeClipboard: fromPromise(writeClipboard) } }))
  const [qr] = useAppActor(qrCodeMachine.provide({ actors: { drawQr: fromPromise(drawQr) } }), { input: { text: link } })
  return (
    <ReviewLinkPanel
      link={link}
      copyStatus={copy.value as 'idle' | 'copying' | 'copied' | 'failed'}
      qrImage={qr.matches('failed') ? 'failed' : qr.context.image}
      onCopy={() => copyRef.send({ type: 'link.copy', text: link })}
    />
  )
}
