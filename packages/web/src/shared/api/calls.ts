/**
 * Observers of the calls the request layer makes (request.ts, download.ts): what was asked and how
 * it was answered, for tracking (shared/tracking.ts, docs/api.md). Kept apart from the wire rules so a
 * listener never changes a call, and a failing listener never fails one.
 */
export interface SettledCall {
  /** 'api' for a JSON call, 'download' for a file. */
  kind: 'api' | 'download';
  method: string;
  /** The address called (a GET's with its query). */
  url: string;
  path: string;
  /** The parameters as sent (the payload of wirePayload). */
  params: Record<string, unknown>;
  /** The HTTP status; 0 when no answer came (network failure). */
  status: number;
  /** The fetch credentials mode the call used. */
  credentials: RequestCredentials;
  startedAt: number;
  endedAt: number;
}

type Listener = (call: SettledCall) => void;
const listeners = new Set<Listener>();

/** Calls `listener` after every call that got an answer or failed (cancelled calls are not reported); returns the unsubscribe. */
export function observeCalls(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function reportCall(call: SettledCall): void {
  for (const listener of listeners) {
    try {
      listener(call);
    } catch (err) {
      console.warn('[api] call observer failed', err);
    }
  }
}
