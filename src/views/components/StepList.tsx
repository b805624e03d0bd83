import './step-list.css'

/** A multi-step form's steps in order, the current one marked (the checkout, the inquiry). */
export function StepList<K extends string>({
  steps,
  current,
  label,
}: {
  steps: ReadonlyArray<{ key: K; text: string }>
  current: K
  label: string
}) {
  return (
    <ol className="step-list" aria-label={label}>
      {steps.map((step) => (
        <li
          key={step.key}
          className={
            step.key === current ? 'step-list__step step-list__step--on' : 'step-list__step'
          }
          aria-current={step.key === current ? 'step' : undefined}
        >
          {step.text}
        </li>
      ))}
    </ol>
  )
}
