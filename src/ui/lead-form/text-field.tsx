import type { InputHTMLAttributes, ReactNode } from 'react'
import { inputClass, labelClass } from './field-styles'

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'className'> & {
  id: string
  label: string
  value: string
  onValueChange: (value: string) => void
  /** Shown under the input, e.g. its error. */
  children?: ReactNode
}

/** A labelled input of the lead form. */
export function TextField({ id, label, onValueChange, children, ...input }: TextFieldProps) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input id={id} {...input} onChange={(event) => onValueChange(event.target.value)} className={inputClass} />
      {children}
    </div>
  )
}
