import { z } from 'zod';

export const id = z.uuid({ error: 'Must be a valid id' });
/** Money in integer cents. */
export const cents = z.number().int().nonnegative();

export const idParam = z.object({ id });

// C0 and C1 controls and DEL. PostgreSQL refuses NUL outright, and the others only ever arrive by mistake or
// on purpose to confuse whatever later shows or logs the value.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const controlCharacter = /[\u0000-\u001F\u007F-\u009F]/;
// Line breaks and tabs are kept in text that may span lines.
// eslint-disable-next-line no-control-regex -- as above
const controlCharacterOutsideLines = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

export function hasControlCharacters(value: string, options: { multiline?: boolean } = {}): boolean {
  return (options.multiline ? controlCharacterOutsideLines : controlCharacter).test(value);
}

export interface TextOptions {
  /** The field's name as a person reads it, for the messages. */
  label: string;
  max: number;
  /** Refuse an empty (or blank) value. */
  required?: boolean;
  /** Allow line breaks and tabs. */
  multiline?: boolean;
}

/**
 * Every string a user supplies goes through this: a string, trimmed, within its length, and without
 * control characters, each failure with a message for the field.
 */
export function text({ label, max, required = false, multiline = false }: TextOptions) {
  const base = z
    .string({ error: required ? `${label} is required` : `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine((value) => !hasControlCharacters(value, { multiline }), `${label} must not contain control characters`);
  return required ? base.refine((value) => value.length > 0, `${label} is required`) : base;
}

/** The longest e-mail address a mailbox can have. */
export const emailMaxLength = 254;

/** A list's search that may be a whole e-mail address: as long as the longest one. */
export const searchByEmail = () => text({ label: 'Search', max: emailMaxLength });
