import { infoCopy } from '@/shared/info-copy';
import { InfoPage } from './info-page';

export function TermsOfServicePage() {
  const text = infoCopy.terms;
  return <InfoPage title={text.title} lead={text.lead} sections={text.sections.map((section) => ({ heading: section.heading, body: <p>{section.body}</p> }))} />;
}
