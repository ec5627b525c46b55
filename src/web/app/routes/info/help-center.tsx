import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { infoCopy } from '@/shared/info-copy';
import { DELIVERY_WINDOW_DAYS, WAREHOUSE_DELIVERY_HOURS } from '@/shared/delivery';
import { DELIVERY_RANGE_MILES } from '@/shared/locations';
import { SERVICE_FEE_BP, TAX_BP } from '@/shared/money';
import { formatClockTime } from '@/shared/opening-hours';
import { PageHeader } from '@/web/components/layouts/page-header';
import { Input } from '@/web/components/ui/input';
import { paths } from '@/web/config/paths';

const text = infoCopy.helpCenter;

const percent = (basisPoints: number) => `${basisPoints / 100} %`;
const hour = (value: number) => formatClockTime(`${String(value).padStart(2, '0')}:00`);

/** The answers, with the figures the server charges and enforces rather than copies of them. */
const faq = text.faq({
  rangeMiles: DELIVERY_RANGE_MILES,
  serviceFeePercent: percent(SERVICE_FEE_BP),
  taxPercent: percent(TAX_BP),
  opens: hour(WAREHOUSE_DELIVERY_HOURS.opens),
  closes: hour(WAREHOUSE_DELIVERY_HOURS.closes),
  windowDays: DELIVERY_WINDOW_DAYS,
});
type Entry = (typeof faq)[number];
type Topic = Entry['topic'];
type LinkKey = keyof typeof text.links;

const linkPaths: Record<LinkKey, string> = {
  trackOrder: paths.trackOrder,
  returns: paths.returns,
  orders: paths.orders,
  cloudKitchens: paths.cloudKitchens,
  applyCloudKitchen: paths.applyCloudKitchen,
  auth: paths.auth,
  account: paths.account,
  notifications: paths.accountNotifications,
  mealPlans: paths.mealPlanDetails,
  contact: paths.contact,
};

/** Every word of the query must appear in the question, the answer or the topic's name. */
function matches(entry: Entry, words: string[]): boolean {
  const haystack = `${entry.question} ${entry.answer} ${text.topics[entry.topic]}`.toLowerCase();
  return words.every((word) => haystack.includes(word));
}

/** A searchable FAQ: the list narrows as the customer types, grouped by topic. */
export function HelpCenterPage() {
  const [query, setQuery] = useState('');
  const searchId = useId();
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const found = faq.filter((entry) => matches(entry, words));
  const topics = [...new Set(found.map((entry) => entry.topic))] as Topic[];

  return (
    <article className="mx-auto max-w-3xl">
      <PageHeader title={text.title} description={text.lead} />
      <div role="search" className="grid gap-1.5">
        <label htmlFor={searchId} className="text-sm font-medium">
          {text.search}
        </label>
        <div className="relative">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input
            id={searchId}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={text.searchPlaceholder}
            className="h-11 pl-9"
            autoComplete="off"
          />
        </div>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {words.length > 0 ? (found.length > 0 ? text.results(found.length) : text.noMatch(query.trim())) : null}
        </p>
      </div>

      <div className="mt-4 grid gap-8">
        {topics.map((topic) => (
          <section key={topic} aria-labelledby={`faq-${topic}`} className="grid gap-2">
            <h2 id={`faq-${topic}`} className="text-lg font-semibold">
              {text.topics[topic]}
            </h2>
            {found
              .filter((entry) => entry.topic === topic)
              .map((entry) => (
                <details key={entry.question} open={words.length > 0} className="group rounded-lg border px-4 py-3">
                  <summary className="cursor-pointer font-medium marker:text-muted-foreground">{entry.question}</summary>
                  <p className="mt-2 text-muted-foreground">{entry.answer}</p>
                  {'link' in entry ? (
                    <Link to={linkPaths[entry.link]} className="mt-2 inline-block font-medium text-primary underline underline-offset-4">
                      {text.links[entry.link]}
                    </Link>
                  ) : null}
                </details>
              ))}
          </section>
        ))}
      </div>

      <section className="mt-10 grid justify-items-start gap-2 rounded-lg border bg-muted/40 p-4">
        <h2 className="font-semibold">{text.stillNeedHelp}</h2>
        <Link to={paths.contact} className="font-medium text-primary underline underline-offset-4">
          {text.contactUs}
        </Link>
      </section>
    </article>
  );
}
