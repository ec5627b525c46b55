import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PageHeader } from './page-header';

describe('PageHeader', () => {
  it('names the page in the browser tab after its heading while it is shown, and gives the title before back', () => {
    document.title = 'FreshCart';
    const page = render(<PageHeader title="Order queue" />);
    expect(document.title).toBe('Order queue — FreshCart');

    page.rerender(<PageHeader title="Pick list" />);
    expect(document.title).toBe('Pick list — FreshCart');

    page.unmount();
    expect(document.title).toBe('FreshCart');
  });
});
