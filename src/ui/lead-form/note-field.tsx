import { useEffect, useRef } from 'react'
import { inputClass, labelClass } from './field-styles'

export type NoteFieldProps = {
  id: string
  shown: boolean
  value: string
  onAdd: () => void
  onRemove: () => void
  onValueChange: (value: string) => void
}

const linkButton = 'rounded text-sm font-semibold text-brand-700 underline-offset-4 hover:underline'

/** The optional note: a button until the visitor adds it; removing it empties and hides it. */
export function NoteField({ id, shown, value, onAdd, onRemove, onValueChange }: NoteFieldProps) {
  const textareaRef = useRef<HTMLTextAreaElement>(null)
  const addRef = useRef<HTMLButtonElement>(null)
  const wasShown = useRef(shown)
  const acted = useRef(false)

  // Focus follows the visitor's action: into the note when added, back to the button when removed;
  // never when the page changes it (an empty note folds to its button once hydrated).
  useEffect(() => {
    if (wasShown.current === shown) return
    wasShown.current = shown
    if (acted.current) (shown ? textareaRef.current : addRef.current)?.focus()
    acted.current = false
  }, [shown])
  const act = (action: () => void) => () => {
    acted.current = true
    action()
  }

  if (!shown) {
    return (
      <button ref={addRef} type="button" onClick={act(onAdd)} className={linkButton}>
        + Add note (optional)
      </button>
    )
  }
  return (
    <div>
      <div className="flex items-baseline justify-between gap-4">
        <label htmlFor={id} className={labelClass}>
          Note (optional)
        </label>
        <button type="button" onClick={act(onRemove)} className={linkButton}>
          Remove note
        </button>
      </div>
      <textarea
        ref={textareaRef}
        id={id}
        name="note"
        rows={3}
        maxLength={1000}
        placeholder="Anything we should know about your practice?"
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        className={inputClass}
      />
    </div>
  )
}
