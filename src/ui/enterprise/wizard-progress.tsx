/** 'Step N of 2' with a two-part bar; the success screen shows no progress. */
export function WizardProgress({ step }: { step: 1 | 2 }) {
  return (
    <div className="mb-6">
      <p className="text-sm font-semibold text-brand-700">{`Step ${step} of 2`}</p>
      <div className="mt-2 grid grid-cols-2 gap-2" aria-hidden="true">
        <span className="h-2 rounded-full bg-brand-600" />
        <span className={`h-2 rounded-full ${step === 2 ? 'bg-brand-600' : 'bg-slate-200'}`} />
      </div>
    </div>
  )
}
