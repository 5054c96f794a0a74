import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { configureHttp, type HttpEffect, http } from '@/lib/http';
import { notify } from '@/lib/notify';
import { useSession } from '@/stores/session';

/**
 * The one place where failed calls reach the user: installs the http client's effect handler
 * (toasts, /500, logout), and makes sure the session bootstrap has started.
 */
export function HttpEffects() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    configureHttp({
      onEffect: (effect: HttpEffect) => {
        switch (effect.type) {
          case 'notify':
            // Shown by the mounted antd root, keyed by text: the same message refreshes its toast (lib/notify).
            notify({ level: effect.level, content: effect.message });
            break;
          case 'logout':
            // Clearing the token lets the route guard send the user to /login (unless on an open route), with
            // why the session ended in the address: the sign-in page says it (the toast above dies with the layout).
            useSession.getState().clear(effect.reason);
            http.clearCache();
            queryClient.clear();
            break;
          case 'fail-page':
            navigate(`/500?${new URLSearchParams({ message: effect.message })}`);
            break;
        }
      },
    });
  }, [navigate, queryClient]);

  // The bootstrap main.tsx started (or, where the app is rendered without it, a new one); its failures reach
  // the handler above either way (the http client keeps effects raised before a handler is installed).
  useEffect(() => {
    void useSession.getState().ensureBootstrap();
  }, []);

  return null;
}
