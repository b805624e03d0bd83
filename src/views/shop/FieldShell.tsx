import { useEffect, useRef, type ReactNode } from 'react'

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

/**
 * After a submit the form or the server refused, focus moves to the first field with a message
 * (once per submit, so typing in a field never moves focus elsewhere). Call `submitted()` from
 * the form's submit handler.
 */
export function useFocusFirstInvalid(errors: object) {
  const form = useRef<HTMLFormElement>(null)
  const pending = useRef(false)
  useEffect(() => {
    if (!pending.current || Object.keys(errors).length === 0) return
    pending.current = false
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [errors])
  return {
    form,
    submitted: () => {
      pending.current = true
    },
  }
}
