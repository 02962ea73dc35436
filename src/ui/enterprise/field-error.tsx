/** The message under one field; its id is what the field's aria-describedby points to. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null
  return (
    <p id={id} className="mt-1 text-sm font-medium text-danger">
      {message}
    </p>
  )
}

export const errorId = (fieldId: string) => `${fieldId}-error`
