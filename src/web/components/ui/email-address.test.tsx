import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailAddress } from './email-address';

const parts = (container: HTMLElement) => [...container.querySelectorAll('[data-email-part]')];

describe('EmailAddress', () => {
  it('keeps the name and the domain each whole, so the address wraps at its @ before any dot', () => {
    const { container } = render(<EmailAddress email="customer@demo.test" />);
    expect(parts(container).map((part) => part.textContent)).toEqual(['customer', '@demo.test']);
    for (const part of parts(container)) expect(part).toHaveClass('inline-block');
  });

  it('lets a part too long for the line still wrap between its own pieces', () => {
    const { container } = render(<EmailAddress email="first.last-name@mail.example.org" />);
    const [name, domain] = parts(container);
    expect(name!.querySelectorAll('wbr')).toHaveLength(2);
    expect(domain!.querySelectorAll('wbr')).toHaveLength(2);
    expect(container.textContent).toBe('first.last-name@mail.example.org');
  });
});
