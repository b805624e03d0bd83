import type { ReactNode } from 'react'

/** The attributes that tie a form control to its error message, when it has one. */
export const errorAttributes = (id: string, error: string | undefined) =>
  error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {}

/**
 * A labelled form control with the server's or the form's message below it. The message is
 * outside the label, so the control's name stays its label alone.
 */
export function FieldShell({
  id,
  label,
  error,
  children,
}: {
  id: string
  label: string
  error: string | undefined
  children: ReactNode
}) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {error && (
        <span className="field__error" id={`${id}-error`} role="alert">
          {error}
        </span>
      )}
    </div>
  )
}
