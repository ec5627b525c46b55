import { useNavigation } from 'react-router';
import { copy } from '@/shared/copy';

/**
 * A thin bar across the top of the screen while the router loads the next page (its code, see
 * withPageCode): the tap is answered at once, though the current page stays until the next one is ready.
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div role="progressbar" aria-label={copy.header.loadingPage} className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-primary/20">
      <div className="h-full w-2/5 animate-progress bg-primary motion-reduce:w-full motion-reduce:animate-none" />
    </div>
  );
}
