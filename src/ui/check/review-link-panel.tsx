import { reviewCheckContent } from '@/content/review-check'

const c = reviewCheckContent.result

export type ReviewLinkPanelProps = {
  link: string
  copyStatus: 'idle' | 'copying' | 'copied' | 'failed'
  /** A PNG data URL once drawn; null while drawing; 'failed' when it could not be drawn. */
  qrImage: string | null | 'failed'
  onCopy: () => void
}

/** The business's direct review link, a copy button with a spoken status, and its QR code as a PNG. */
export function ReviewLinkPanel({ link, copyStatus, qrImage, onCopy }: ReviewLinkPanelProps) {
  return (
    <div className="grid gap-4 sm:grid-cols-[1fr_auto]">
      <div className="min-w-0">
        <label htmlFor="check-review-link" className="mb-1 block text-sm font-medium text-ink">
          {c.reviewLink}
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <input
            id="check-review-link"
            readOnly
            value={link}
            className="w-full min-w-0 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 text-sm"
          />
          <button type="button" className="btn-secondary shrink-0" onClick={onCopy}>
            {c.copy}
          </button>
        </div>
        <p role="status" className="mt-1 min-h-5 text-sm text-muted">
          {copyStatus === 'copied' ? c.copied : copyStatus === 'failed' ? c.copyFailed : ''}
        </p>
      </div>
      <div className="grid justify-items-center gap-2">
        {qrImage === 'failed' ? (
          <p className="max-w-48 text-sm text-muted">{c.qrFailed}</p>
        ) : qrImage ? (
          <>
            <img src={qrImage} alt={c.qrAlt} width={160} height={160} className="size-40" />
            <a href={qrImage} download="review-link-qr.png" className="text-sm text-brand-700 underline">
              {c.qrDownload}
            </a>
          </>
        ) : (
          <div aria-hidden="true" className="size-40 animate-pulse rounded bg-slate-100" />
        )}
      </div>
    </div>
  )
}
