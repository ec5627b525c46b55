import { Suspense, type ComponentProps } from 'react';
import { lazyWhenOnline } from '@/web/lib/lazy-when-online';

/** The ZIP code form's code (its form and validation libraries), loaded when a dialog shows it or a shopper reaches for the chooser. */
export const loadZipFinder = () => import('./zip-finder').then((module) => ({ default: module.ZipFinder }));
const ZipFinder = lazyWhenOnline(loadZipFinder);

/**
 * The ZIP code finder where the location dialogs show it. The dialogs sit in every page's first load
 * while the form's libraries need not: they load with the dialog, and the space the form takes is kept
 * meanwhile so the list below does not move.
 */
export function ZipFinderSlot(props: ComponentProps<typeof ZipFinder>) {
  return (
    <Suspense fallback={<div className="h-[5.25rem]" aria-hidden />}>
      <ZipFinder {...props} />
    </Suspense>
  );
}
