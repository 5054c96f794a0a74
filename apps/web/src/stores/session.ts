import { type ResponseOf, type RouteDef, routes, type SessionEndReason } from '@gatehouse/contract';
import { create } from 'zustand';
import { appConfig } from '@/config/app-config';
import { call } from '@/lib/http';
import { permittedRoutes } from '@/lib/router/access-control';
import { useServerOptions } from './server-options';

export type Account = ResponseOf<typeof routes.getAccountInfo>;
export type Permission = ResponseOf<typeof routes.getPermissions>[number];

export type SessionStatus = 'signed-out' | 'loading' | 'ready' | 'failed';

export interface SessionState {
  token: string | null;
  user: Account | null;
  permissions: Permission[];
  status: SessionStatus;
  /**
   * Access-control mode found no permitted route for the account that just signed in: its token was cleared
   * and the sign-in page says '账号访问受限, 请联系系统管理员！' (specification §4).
   */
  restricted: boolean;
  /** Stores a token (sign-in or the `jwt-update-token` renewal) without reloading anything. */
  setToken(token: string): void;
  /** The login event: keep the new token and run the bootstrap again. */
  signIn(token: string): Promise<void>;
  /** With a token: GET /getPermissions and GET /getAccountInfo (cache 'update'), side by side. */
  bootstrap(): Promise<void>;
  /**
   * The bootstrap of the current session, started once: main.tsx starts it before the first render (the
   * header and menu wait for it), the app's effects ask again and get the same one.
   */
  ensureBootstrap(): Promise<void>;
  /** Reloads the signed-in account (e.g. after editing it). */
  refreshUser(): Promise<void>;
  /**
   * The logout event: forget the token, user and permissions. `reason`: the server ended the session (a 401 said
   * why); kept until the route guard carries it to the sign-in page (takeEndReason).
   */
  clear(reason?: SessionEndReason): void;
  /** Why the last session ended, if the server said so and a session was open; null when not. */
  endReason: SessionEndReason | null;
  /** Answers endReason and forgets it (the route guard puts it into the /login address, once). */
  takeEndReason(): SessionEndReason | null;
  /** Last permission stamp the server sent (see notePermissionStamp). */
  permissionStamp: string | null;
  /**
   * The server stamps every guarded answer with the version of the caller's permission set; when an
   * administrator changes this account's role (or the role's resources), the stamp changes and the menus and
   * buttons follow without signing in again.
   */
  notePermissionStamp(stamp: string): void;
}

const storage = {
  read(): string | null {
    try {
      return localStorage.getItem(appConfig.tokenStorageKey);
    } catch {
      return null;
    }
  },
  write(token: string | null) {
    try {
      if (token) localStorage.setItem(appConfig.tokenStorageKey, token);
      else localStorage.removeItem(appConfig.tokenStorageKey);
    } catch {
      // Storage unavailable (private mode): the session lasts as long as the page.
    }
  },
};

/** Bumped whenever the session changes so a bootstrap answered for an older session is dropped. */
let generation = 0;
/** The last bootstrap started and the generation it belongs to (ensureBootstrap). */
let started: { generation: number; done: Promise<void> } | null = null;

export const useSession = create<SessionState>()((set, get) => ({
  token: storage.read(),
  user: null,
  permissions: [],
  status: storage.read() ? 'loading' : 'signed-out',
  restricted: false,
  endReason: null,

  setToken(token) {
    storage.write(token);
    set({ token });
  },

  async signIn(token) {
    generation += 1;
    storage.write(token);
    set({ token, user: null, permissions: [], status: 'loading', restricted: false, endReason: null });
    await get().bootstrap();
  },

  bootstrap() {
    const mine = ++generation;
    const done = (async () => {
      if (!get().token) {
        set({ status: 'signed-out' });
        return;
      }
      set({ status: 'loading' });
      // Both calls only need the token: asked for together, the first screen waits one round trip, not two.
      const permissionsCall = call(routes.getPermissions);
      const userCall = call(routes.getAccountInfo, { cache: 'update' });
      // Settled either way, so a failure of one is not left unhandled while the other is awaited.
      userCall.catch(() => undefined);
      try {
        const permissions = await permissionsCall;
        if (mine !== generation) return;
        if (useServerOptions.getState().options.accessControl && permittedRoutes(permissions).size === 0) {
          get().clear();
          set({ restricted: true });
          return;
        }
        set({ permissions });
        const user = await userCall;
        if (mine !== generation) return;
        set({ user, status: 'ready' });
      } catch {
        // The http client has already told the user (and logged out on 401).
        if (mine === generation) set({ status: get().token ? 'failed' : 'signed-out' });
      }
    })();
    started = { generation: mine, done };
    return done;
  },

  ensureBootstrap() {
    return started && started.generation === generation ? started.done : get().bootstrap();
  },

  async refreshUser() {
    if (!get().token) return;
    const user = await call(routes.getAccountInfo, { cache: 'update' });
    set({ user });
  },

  clear(reason) {
    generation += 1;
    // Only an open session's end is told: a stray 401 on the sign-in page explains nothing, and the second 401 of
    // calls made together (a reload asks for the permissions and the account at once) keeps the first one's reason.
    const endReason = get().token ? (reason ?? null) : get().endReason;
    storage.write(null);
    set({ token: null, user: null, permissions: [], status: 'signed-out', permissionStamp: null, endReason });
  },

  takeEndReason() {
    const reason = get().endReason;
    if (reason) set({ endReason: null });
    return reason;
  },

  permissionStamp: null,

  notePermissionStamp(stamp) {
    const previous = get().permissionStamp;
    if (previous === stamp) return;
    set({ permissionStamp: stamp });
    if (previous === null || !get().token) return;
    void call(routes.getPermissions, { cache: false })
      .then((permissions) => set({ permissions }))
      .catch(() => undefined);
  },
}));

/**
 * Whether the signed-in account may call `route`: open and signed-in routes always, permission routes when
 * its permissions hold the route's API resource (method + url). The server enforces the same rule; this only
 * hides what it would refuse (specification §6, reference UI §6).
 */
export function canCall(permissions: Permission[], route: RouteDef): boolean {
  if (route.access !== 'permission') return true;
  return heldApis(permissions).has(`${route.method.toLowerCase()} ${route.path}`);
}

/**
 * The API resources of a permission list as `method url` keys, built once per list: a super-admin holds every
 * resource (thousands in a large system), and each row of a table asks for several buttons.
 */
const apiIndex = new WeakMap<Permission[], Set<string>>();
function heldApis(permissions: Permission[]): Set<string> {
  let held = apiIndex.get(permissions);
  if (!held) {
    held = new Set(permissions.flatMap((p) => (p.type === 1 && p.method && p.url ? [`${p.method} ${p.url}`] : [])));
    apiIndex.set(permissions, held);
  }
  return held;
}

/** True when every one of `routes` may be called; re-renders when permissions change. */
export function useCan(...required: RouteDef[]): boolean {
  const permissions = useSession((state) => state.permissions);
  return required.every((route) => canCall(permissions, route));
}
