import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { configureHttp, type HttpEffect, http } from '../lib/http';
import { notify } from '../lib/notify';
import { useSession } from '../stores/session';

/**
 * The one place where failed calls reach the user: installs the http client's effect handler
 * (toasts, /500, logout), then runs the session bootstrap so its failures are reported too.
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
            // Clearing the token lets the route guard send the user to /login (unless on an open route).
            useSession.getState().clear();
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

  // Declared after the handler so the bootstrap's failures are reported (effects run in order).
  useEffect(() => {
    void useSession.getState().bootstrap();
  }, []);

  return null;
}
