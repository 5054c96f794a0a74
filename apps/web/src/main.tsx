import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { configureHttp } from './lib/http';
import { useSession } from './stores/session';
import 'antd/dist/reset.css';
import './app/global.css';

// The http client reads and renews the token through the session store.
configureHttp({
  session: {
    getToken: () => useSession.getState().token,
    replaceToken: (token) => useSession.getState().setToken(token),
    notePermissionStamp: (stamp) => useSession.getState().notePermissionStamp(stamp),
  },
});

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
