import { Fragment } from 'react';
import { cn } from '@/web/lib/cn';

/** The places a part of an address may wrap: before each '.', and after each '-', '_' or '+'. */
const wrapPoints = /(?=\.)|(?<=[-_+])/;

/**
 * An e-mail address that wraps before its '@' first: the name and the domain each stay whole on their
 * line ("customer" / "@demo.test", never "customer@demo" / ".test"). Only a part wider than the line
 * wraps inside, between its own parts, and a single piece wider still breaks rather than overflow.
 */
export function EmailAddress({ email, className }: { email: string; className?: string }) {
  const at = email.lastIndexOf('@');
  const halves = at > 0 ? [email.slice(0, at), email.slice(at)] : [email];
  return (
    <span className={cn('wrap-break-word', className)}>
      {halves.map((half, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {/* An inline block wraps inside only when it cannot fit a line of its own. */}
          <span data-email-part className="inline-block max-w-full">
            {half.split(wrapPoints).map((piece, pieceIndex) => (
              <Fragment key={pieceIndex}>
                {pieceIndex > 0 ? <wbr /> : null}
                {piece}
              </Fragment>
            ))}
          </span>
        </Fragment>
      ))}
    </span>
  );
}
