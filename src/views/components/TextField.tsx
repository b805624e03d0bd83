import type { HTMLAttributes, ReactNode } from 'react'

/**
 * One labelled text input of a form, with its hint and its message tied to it for assistive
 * technology (the hint and the message are outside the label, so its name stays the label).
 */
export function TextField({
  id,
  name,
  label,
  mark,
  hint,
  value,
  error,
  autoComplete,
  type = 'text',
  inputMode,
  required = false,
  readOnly = false,
  onChange,
}: {
  id: string
  name: string
  label: string
  /** Beside the label: 必須, 任意… */
  mark?: ReactNode
  hint?: string | undefined
  value: string
  error: string | undefined
  autoComplete: string
  type?: 'text' | 'email' | 'tel'
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode']
  required?: boolean
  readOnly?: boolean
  onChange: (value: string) => void
}) {
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ')
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
        {mark !== undefined && <> {mark}</>}
      </label>
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <input
        className="field__input"
        id={id}
        name={name}
        type={type}
        value={value}
        autoComplete={autoComplete}
        readOnly={readOnly}
        {...(inputMode ? { inputMode } : {})}
        {...(required ? { 'aria-required': true } : {})}
        {...(error ? { 'aria-invalid': true } : {})}
        {...(describedBy ? { 'aria-describedby': describedBy } : {})}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && (
        <span className="field__error" id={`${id}-error`} role="alert">
          {error}
        </span>
      )}
    </div>
  )
}
