import { useRef, useState } from 'react';

/**
 * Guards a submit handler against double submits and drives the button's loading state: a second submit while the
 * first runs is ignored.
 */
export function useSubmitting() {
  const [submitting, setSubmitting] = useState(false);
  const inFlight = useRef(false);
  const run = async (task: () => Promise<void>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setSubmitting(true);
    try {
      await task();
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  };
  return [submitting, run] as const;
}
