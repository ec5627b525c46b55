/**
 * What a feature keeps on this device about the person signed in (a chosen warehouse, a last known
 * position, cached answers near their home). Each feature registers how to forget its own traces, so
 * sign-out drops them all without knowing any feature's storage keys.
 */
const cleanups = new Set<() => void>();

/** Registers a cleanup to run at every sign-out; returns a function that unregisters it. */
export function forgetOnSignOut(cleanup: () => void): () => void {
  cleanups.add(cleanup);
  return () => {
    cleanups.delete(cleanup);
  };
}

/** Runs every registered cleanup; one that fails does not keep the others from running. */
export function forgetSignedOutTraces(): void {
  for (const cleanup of cleanups) {
    try {
      cleanup();
    } catch {
      // Storage that refuses a removal must not stop the others, nor the sign-out itself.
    }
  }
}
