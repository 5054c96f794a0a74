/**
 * Toasts without a UI library in the caller. The http client's effects (app/HttpEffects) and anything else that
 * must tell the user something call `notify`; a mounted antd root (components/antd-root) registers the handler
 * that shows it with antd's message. The sign-in page renders without antd (docs/adr/0014), so a notice raised
 * there with no handler registered waits while the fallback (set once by the app) mounts an antd root of its own.
 */
export interface Notice {
  level: 'success' | 'info' | 'warning' | 'error';
  content: string;
}

export type NoticeHandler = (notice: Notice) => void;

/** The handlers of the mounted roots, latest last: the latest one shows notices. */
const handlers: NoticeHandler[] = [];
/** Each mounted root's way to take down the notices it shows. */
const dismissers: (() => void)[] = [];
let waiting: Notice[] = [];
let fallback: (() => Promise<unknown>) | null = null;
let fallbackStarted: Promise<unknown> | null = null;

/**
 * Registers a handler (the newest wins) and, optionally, how to take down what it shows (dismissNotices); delivers
 * what waited for one. Answers the unregistration.
 */
export function registerNoticeHandler(handler: NoticeHandler, dismiss?: () => void): () => void {
  handlers.push(handler);
  if (dismiss) dismissers.push(dismiss);
  const pending = waiting;
  waiting = [];
  for (const notice of pending) handler(notice);
  return () => {
    const index = handlers.lastIndexOf(handler);
    if (index >= 0) handlers.splice(index, 1);
    const at = dismiss ? dismissers.lastIndexOf(dismiss) : -1;
    if (at >= 0) dismissers.splice(at, 1);
  };
}

/**
 * Takes down every notice on screen, and those still waiting: what they said no longer holds (a sign-in refusal
 * once the account has signed in).
 */
export function dismissNotices(): void {
  waiting = [];
  for (const dismiss of dismissers) dismiss();
}

/** What to start when a notice finds no handler: it must end by registering one (or the notice waits). */
export function setNoticeFallback(start: () => Promise<unknown>): void {
  fallback = start;
}

/** Shows a notice now, or as soon as a handler is there. */
export function notify(notice: Notice): void {
  const handler = handlers.at(-1);
  if (handler) {
    handler(notice);
    return;
  }
  waiting.push(notice);
  if (fallback && !fallbackStarted) {
    fallbackStarted = fallback().catch(() => {
      // Failed to load (e.g. the server went away): the next notice tries again.
      fallbackStarted = null;
    });
  }
}
