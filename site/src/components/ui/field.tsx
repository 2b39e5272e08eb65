import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import './field.css';

interface FieldFrameProps {
  label: string;
  required?: boolean;
  error?: string;
  /** The label is read by screen readers but not shown (the placeholder shows instead). */
  hideLabel?: boolean;
  hint?: ReactNode;
  children: (ids: { inputId: string; errorId: string; describedBy: string | undefined }) => ReactNode;
}

/**
 * Label, control and the error under it. The error region is live, so a message that appears
 * after a submit is announced; the control points at it with aria-describedby.
 */
function FieldFrame({ label, required, error, hideLabel, hint, children }: FieldFrameProps) {
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
      {children({ inputId, errorId, describedBy: error ? errorId : undefined })}
      {hint}
      <p id={errorId} className="field__error" aria-live="polite">
        {error}
      </p>
    </div>
  );
}

type Common = { label: string; required?: boolean; error?: string; hideLabel?: boolean; hint?: ReactNode };

export function TextField({
  label,
  required,
  error,
  hideLabel,
  hint,
  ref,
  ...input
}: Common & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  return (
    <FieldFrame label={label} required={required} error={error} hideLabel={hideLabel} hint={hint}>
      {({ inputId, describedBy }) => (
        <input
          id={inputId}
          ref={ref}
          className="field__control"
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={describedBy}
          {...input}
        />
      )}
    </FieldFrame>
  );
}

export function TextAreaField({
  label,
  required,
  error,
  hideLabel,
  hint,
  ref,
  ...input
}: Common & TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  return (
    <FieldFrame label={label} required={required} error={error} hideLabel={hideLabel} hint={hint}>
      {({ inputId, describedBy }) => (
        <textarea
          id={inputId}
          ref={ref}
          className="field__control field__control--area"
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={describedBy}
          {...input}
        />
      )}
    </FieldFrame>
  );
}

export function SelectField({
  label,
  required,
  error,
  hideLabel,
  hint,
  ref,
  children,
  ...input
}: Common & SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement> }) {
  return (
    <FieldFrame label={label} required={required} error={error} hideLabel={hideLabel} hint={hint}>
      {({ inputId, describedBy }) => (
        <select
          id={inputId}
          ref={ref}
          className="field__control"
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={describedBy}
          {...input}
        >
          {children}
        </select>
      )}
    </FieldFrame>
  );
}
