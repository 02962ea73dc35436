/** Shared look of the lead form's inputs, selects and labels. */
export const inputClass =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-3 xs:px-4 text-base text-ink placeholder:text-slate-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-500 focus:outline-none aria-[invalid=true]:border-danger'

export const labelClass = 'mb-1 block text-sm font-medium text-ink'
