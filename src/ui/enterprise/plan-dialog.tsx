import { useModalDialog } from '@/ui/dialog/use-modal-dialog'
import { DialogCloseButton } from '@/ui/dialog/dialog-close-button'

export type PlanDialogProps = {
  /** null when closed. */
  plan: { name: string; monthlyPrice: string; total: string; period: string; features: readonly string[] } | null
  whatsNext: readonly string[]
  onClose: () => void
}

/** A native modal with every feature of a plan; Escape or Close shut it and focus returns. */
export function PlanDialog({ plan, whatsNext, onClose }: PlanDialogProps) {
  const open = plan !== null
  const dialogRef = useModalDialog(open)

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby="plan-dialog-title"
      className="m-auto max-h-[90dvh] w-[min(94vw,34rem)] rounded-2xl p-0 shadow-2xl backdrop:bg-slate-900/60"
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
    >
      {plan && (
        <div className="relative p-6 sm:p-8">
          <DialogCloseButton onClose={onClose} />
          <h2 id="plan-dialog-title" className="pr-10 text-2xl font-bold text-ink">
            {plan.name}
          </h2>
          <p className="mt-2 text-3xl font-extrabold text-ink">
            {plan.monthlyPrice}
            {/* At 280 px US$ and the price leave no room for /month on the same line. */}
            <wbr />
            <span className="text-base font-medium text-muted">/month</span>
          </p>
          <p className="mt-1 text-sm font-medium text-muted">
            Total: <span className="font-semibold text-ink">{plan.total}</span> {plan.period}
          </p>
          <h3 className="mt-6 font-semibold text-ink">All features</h3>
          <ul className="mt-2 grid gap-2 text-sm text-ink sm:grid-cols-2">
            {plan.features.map((feature) => (
              <li key={feature} className="flex gap-2">
                <span aria-hidden="true" className="text-success">
                  ✓
                </span>
                <span className="first-letter:uppercase">{feature}</span>
              </li>
            ))}
          </ul>
          <h3 className="mt-6 font-semibold text-ink">What's Next</h3>
          <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-ink">
            {whatsNext.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ol>
        </div>
      )}
    </dialog>
  )
}
