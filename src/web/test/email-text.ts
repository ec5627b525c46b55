/**
 * Finds an address shown by EmailAddress (`getByText(emailText(email))`): its text is split between the
 * name and the domain, so the plain text matcher, which reads an element's own text, does not see it whole.
 */
export const emailText = (email: string) => (_content: string, element: Element | null) =>
  element !== null && element.querySelector(':scope > [data-email-part]') !== null && element.textContent === email;
