import type { ReactNode } from 'react';
import { PageHeader } from '@/web/components/layouts/page-header';

/** A text page: a title, a lead and sections of prose. */
export function InfoPage({ title, lead, sections }: { title: string; lead: string; sections: { heading: string; body: ReactNode }[] }) {
  return (
    <article className="mx-auto max-w-3xl">
      <PageHeader title={title} description={lead} />
      <div className="grid gap-6">
        {sections.map((section) => (
          <section key={section.heading} className="grid gap-2">
            <h2 className="text-lg font-semibold">{section.heading}</h2>
            <div className="grid gap-2 text-muted-foreground">{section.body}</div>
          </section>
        ))}
      </div>
    </article>
  );
}
