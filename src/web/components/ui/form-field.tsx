import { Eye, EyeOff } from 'lucide-react';
import { useId, useState, type ComponentProps, type ReactNode } from 'react';
import { Input } from './input';
import { Label } from './label';
import { NativeSelect } from './native-select';
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

/** A labelled native select, with its error at the field as FormField's. */
export function SelectField({ label, error, hint, children, ...selectProps }: ComponentProps<typeof NativeSelect> & FieldProps) {
  return (
    <Field
      label={label}
      error={error}
      hint={hint}
      control={(field) => (
        <NativeSelect {...field} {...selectProps}>
          {children}
        </NativeSelect>
      )}
    />
  );
}

/** A labelled multi-line field, with its error at the field as FormField's. */
export function TextAreaField({ label, error, hint, ...textareaProps }: ComponentProps<typeof Textarea> & FieldProps) {
  return <Field label={label} error={error} hint={hint} control={(field) => <Textarea {...field} {...textareaProps} />} />;
}

/** The button's visible word and the fuller name it is announced by, for showing and for hiding. */
export interface PasswordToggleWords {
  show: string;
  hide: string;
  showName: string;
  hideName: string;
}

/**
 * A password input with a button that shows what was typed (and hides it again). The button shows a
 * short word and is announced by a name saying what it does to which field ('Show new password'),
 * given as its content rather than an aria-label, so finding the field by its label 'Password' finds
 * only the field. The name changes with the state, so the button carries no aria-pressed.
 */
export function PasswordField({
  label,
  error,
  hint,
  toggle,
  ...inputProps
}: Omit<ComponentProps<typeof Input>, 'type'> & FieldProps & { toggle: PasswordToggleWords }) {
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
            onClick={() => setVisible((shown) => !shown)}
            className="absolute inset-y-0 right-0 flex min-w-14 items-center justify-center gap-1 rounded-r-md px-2 text-xs font-medium text-muted-foreground hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
          >
            {visible ? <EyeOff className="size-3.5" aria-hidden /> : <Eye className="size-3.5" aria-hidden />}
            <span aria-hidden>{visible ? toggle.hide : toggle.show}</span>
            <span className="sr-only">{visible ? toggle.hideName : toggle.showName}</span>
          </button>
        </div>
      )}
    />
  );
}
