/**
 * The message under one field; its id is what the field's aria-describedby points to. `alert`
 * where it appears on its own after a submit (the lead form's), not beside an error summary.
 */
export function FieldError({ id, message, alert }: { id: string; message?: string | null; alert?: boolean }) {
  if (!message) return null
  return (
    <p id={id} role={alert ? 'alert' : undefined} className="mt-1 text-sm font-medium text-danger">
      {message}
    </p>
  )
}

export const errorId = (fieldId: string) => `${fieldId}-error`
