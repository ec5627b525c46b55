import { Fragment } from 'react';
import { cn } from '@/web/lib/cn';

/** The places an address may wrap: before its '@' and each '.', and after each '-', '_' or '+'. */
const wrapPoints = /(?=[@.])|(?<=[-_+])/;

/**
 * An e-mail address that wraps between its parts, never inside a word while a part still fits the
 * line; a single part wider than the line breaks as a last resort rather than overflow.
 */
export function EmailAddress({ email, className }: { email: string; className?: string }) {
  return (
    <span className={cn('wrap-break-word', className)}>
      {email.split(wrapPoints).map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
