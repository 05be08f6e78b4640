import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { FeedbackApis } from './feedbackHolders.js';

type Feedback = FeedbackApis;
type Kind = keyof Feedback;
interface Call {
  kind: Kind;
  method: string;
  args: unknown[];
}

const FeedbackContext = createContext<Feedback | null>(null);

// antd's message + notification code (rc-notification, their styles) is no part of a page's
// first view: it loads with the first toast asked for (shown once it has arrived) or with the user's
// first click or key press, so that it is at hand before anything the user does can toast.
const Holders = lazy(() => import('./feedbackHolders.js'));
const FIRST_INPUT = ['pointerdown', 'keydown'] as const;

/**
 * Toasts and notifications that follow the theme and language (the hook forms of antd's message
 * and notification). Used instead of antd's <App>, which would also pull Modal into the shell.
 */
export function FeedbackProvider({ children }: { children: ReactNode }) {
  const real = useRef<Feedback | null>(null);
  const queue = useRef<Call[]>([]);
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    for (const type of FIRST_INPUT) window.addEventListener(type, want, { capture: true, once: true });
    return () => {
      for (const type of FIRST_INPUT) window.removeEventListener(type, want, { capture: true });
    };
  }, [wanted]);
  const value = useMemo(() => {
    const forward = (kind: Kind) =>
      new Proxy(
        {},
        {
          get:
            (_, method) =>
            (...args: unknown[]) => {
              const apis = real.current;
              if (apis)
                return (apis[kind] as unknown as Record<string, (...a: unknown[]) => unknown>)[String(method)]!(
                  ...args,
                );
              queue.current.push({ kind, method: String(method), args });
              // Asked for during another component's render or effect: request the code after it.
              queueMicrotask(() => setWanted(true));
              return undefined;
            },
        },
      );
    return { message: forward('message'), notification: forward('notification') } as unknown as Feedback;
  }, []);
  const onReady = useCallback((apis: Feedback) => {
    real.current = apis;
    for (const c of queue.current.splice(0)) {
      (apis[c.kind] as unknown as Record<string, (...a: unknown[]) => unknown>)[c.method]!(...c.args);
    }
  }, []);
  return (
    <FeedbackContext.Provider value={value}>
      {wanted && (
        <Suspense fallback={null}>
          <Holders onReady={onReady} />
        </Suspense>
      )}
      {children}
    </FeedbackContext.Provider>
  );
}

export function useFeedback(): Feedback {
  const f = useContext(FeedbackContext);
  if (!f) throw new Error('useFeedback outside FeedbackProvider');
  return f;
}
