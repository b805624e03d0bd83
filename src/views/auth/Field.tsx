import type { InputHTMLAttributes } from 'react'

/** A labelled input; the value lives in the form, so nothing typed is lost on an error. */
export function Field({
  label,
  ...input
}: { label: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      <input className="field__input" {...input} />
    </label>
  )
}

/** Reads a form's fields as strings. */
export function formValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {}
  new FormData(form).forEach((value, key) => {
    if (typeof value === 'string') values[key] = value
  })
  return values
}
