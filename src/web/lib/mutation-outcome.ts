/**
 * What a component wants said or done when a change is answered. Given to the mutation hook, not to
 * `mutate`: TanStack Query drops `mutate`'s callbacks when the component that asked is gone by the time
 * the answer comes, and a live status (an order cancelled, a delivery moved on) often removes it first.
 */
export interface MutationOutcome<Result> {
  onSuccess?: (result: Result) => void;
  onError?: (error: Error) => void;
}
