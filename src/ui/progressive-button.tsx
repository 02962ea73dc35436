export type ProgressiveButtonProps = {
  label: string
  /** Where the control leads before the page is hydrated: somewhere that works without the script. */
  href: string
  hydrated: boolean
  onActivate: () => void
  /** Whether activating it opens a dialog (announced as such once it is a button). */
  opensDialog?: boolean
  /** Pointer over or focus on the control: what it opens can start loading. */
  onIntent?: () => void
  className: string
}

/**
 * A control that needs the script. Prerendered, and until the page hydrates, it is a link that works
 * without it (to a form); hydrated, it is a button. The first client render matches the server's, so
 * hydration sees no mismatch; the swap comes in the render after.
 */
export function ProgressiveButton({ label, href, hydrated, onActivate, opensDialog = false, onIntent, className }: ProgressiveButtonProps) {
  if (!hydrated) {
    return (
      <a href={href} className={className}>
        {label}
      </a>
    )
  }
  return (
    <button
      type="button"
      aria-haspopup={opensDialog ? 'dialog' : undefined}
      onClick={onActivate}
      onPointerEnter={onIntent}
      onFocus={onIntent}
      className={className}
    >
      {label}
    </button>
  )
}
