import { Eye, EyeOff } from 'lucide-react';
import { useId, useState, type ComponentProps, type ReactNode } from 'react';
import { Input } from './input';
import { Label } from './label';
import { Textarea } from './textarea';

interface FieldProps {
  label: string;
  error?: string;
  hint?: string;
}

/** The label above a control and its error (or hint) below, announced to assistive technology. */
function Field({ label, error, hint, control }: FieldProps & { control: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode }) {
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {control({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error || hint ? messageId : undefined })}
      {error ? (
        <p id={messageId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : hint ? (
        <p id={messageId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled input with its error shown at the field and announced to assistive technology. */
export function FormField({ label, error, hint, ...inputProps }: ComponentProps<typeof Input> & FieldProps) {
  return <Field label={label} error={error} hint={hint} control={(field) => <Input {...field} {...inputProps} />} />;
}

/** A labelled multi-line field, with its error at the field as FormField's. */
export function TextAreaField({ label, error, hint, ...textareaProps }: ComponentProps<typeof Textarea> & FieldProps) {
  return <Field label={label} error={error} hint={hint} control={(field) => <Textarea {...field} {...textareaProps} />} />;
}

/**
 * A password input with a button that shows what was typed (and hides it again). The button is named
 * by its visible word, not an aria-label, so finding the field by its label 'Password' finds only the field.
 */
export function PasswordField({
  label,
  error,
  hint,
  showLabel,
  hideLabel,
  ...inputProps
}: Omit<ComponentProps<typeof Input>, 'type'> & FieldProps & { showLabel: string; hideLabel: string }) {
  const [visible, setVisible] = useState(false);
  return (
    <Field
      label={label}
      error={error}
      hint={hint}
      control={(field) => (
        <div className="relative">
          <Input {...field} {...inputProps} type={visible ? 'text' : 'password'} className="pr-16" />
          <button
            type="button"
            aria-pressed={visible}
            onClick={() => setVisible((shown) => !shown)}
            className="absolute inset-y-0 right-0 flex min-w-14 items-center justify-center gap-1 rounded-r-md px-2 text-xs font-medium text-muted-foreground hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
          >
            {visible ? <EyeOff className="size-3.5" aria-hidden /> : <Eye className="size-3.5" aria-hidden />}
            {visible ? hideLabel : showLabel}
          </button>
        </div>
      )}
    />
  );
}
