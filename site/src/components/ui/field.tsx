import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import './field.css';

type Common = { label: string; required?: boolean; error?: string; hideLabel?: boolean; hint?: ReactNode };

/** What the control inside a field carries: its id, and its state for assistive technology. */
interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-required': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * Label, control and the error under it. The error region is live, so a message that appears
 * after a submit is announced; the control points at it with aria-describedby.
 */
function FieldFrame({
  label,
  required,
  error,
  hideLabel,
  hint,
  control,
}: Common & { control: (props: ControlProps) => ReactNode }) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={inputId} className={hideLabel ? 'visually-hidden' : 'field__label'}>
        {label}
        {required && (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {control({
        id: inputId,
        'aria-invalid': error ? true : undefined,
        'aria-required': required || undefined,
        'aria-describedby': error ? errorId : undefined,
      })}
      {hint}
      <p id={errorId} className="field__error" aria-live="polite">
        {error}
      </p>
    </div>
  );
}

/** A field's props split into the frame's (label, error…) and the control's (everything else). */
function splitField<P extends Common>({ label, required, error, hideLabel, hint, ...control }: P) {
  return [{ label, required, error, hideLabel, hint }, control] as const;
}

export function TextField({
  ref,
  ...props
}: Common & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  const [frame, input] = splitField(props);
  return <FieldFrame {...frame} control={(c) => <input ref={ref} className="field__control" {...c} {...input} />} />;
}

export function TextAreaField({
  ref,
  ...props
}: Common & TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  const [frame, input] = splitField(props);
  return (
    <FieldFrame
      {...frame}
      control={(c) => <textarea ref={ref} className="field__control field__control--area" {...c} {...input} />}
    />
  );
}

export function SelectField({
  ref,
  children,
  ...props
}: Common & SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement> }) {
  const [frame, input] = splitField(props);
  return (
    <FieldFrame
      {...frame}
      control={(c) => (
        <select ref={ref} className="field__control" {...c} {...input}>
          {children}
        </select>
      )}
    />
  );
}

/** A checkbox with its label beside it (an optional choice: no asterisk, no error line). */
export function CheckboxField({
  label,
  ref,
  ...input
}: { label: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { ref?: Ref<HTMLInputElement> }) {
  const inputId = useId();
  return (
    <div className="field field--check">
      <input ref={ref} id={inputId} type="checkbox" className="field__check" {...input} />
      <label htmlFor={inputId}>{label}</label>
    </div>
  );
}
