import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { openEventStream, type StreamState } from './event-stream';

/**
 * Keeps a dashboard live from one of the server's event streams: whenever the stream (re)connects,
 * `refresh` reads the lists again (anything may have been missed meanwhile); on each `event` that
 * parses with `schema`, `refresh` gets it too, then `onEvent` hears it (e.g. to announce it).
 * Answers the connection's state.
 */
export function useLiveFeed<T>(options: {
  path: string;
  event: string;
  schema: z.ZodType<T>;
  refresh: (queryClient: QueryClient, item: T | null) => void;
  onEvent?: (item: T) => void;
}): StreamState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<StreamState>('connecting');
  // The latest callbacks and schema, without reopening the stream when a render makes new ones.
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const { path, event } = options;

  useEffect(() => {
    const controller = new AbortController();
    openEventStream({
      path,
      signal: controller.signal,
      onStateChange: setState,
      onMessage: (message) => {
        if (message.event === 'ready') {
          latest.current.refresh(queryClient, null);
          return;
        }
        if (message.event !== event) return;
        let parsed: ReturnType<z.ZodType<T>['safeParse']>;
        try {
          parsed = latest.current.schema.safeParse(JSON.parse(message.data));
        } catch {
          return;
        }
        if (!parsed.success) return;
        latest.current.refresh(queryClient, parsed.data);
        latest.current.onEvent?.(parsed.data);
      },
    });
    return () => controller.abort();
  }, [queryClient, path, event]);

  return state;
}
