import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useSessionStore } from '../../../shared/stores/session-store';
import { singleLogin } from '../api/single-login';

const SSO_PARAMS = ['code', 'signature', 'timestamp', 'userid'] as const;

/**
 * Partner single sign-on: when the URL carries `code, signature, timestamp, userid`, logs in with
 * them, stores the session and goes to /flight/booking. A failure is toasted by the client.
 * Returns true while the login is running.
 */
export function useIframeSso(): boolean {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const started = useRef(false);
  const [running, setRunning] = useState(() => SSO_PARAMS.every((p) => params.get(p)));

  useEffect(() => {
    const [code, signature, timestamp, userid] = SSO_PARAMS.map((p) => params.get(p) ?? '');
    if (started.current || !code || !signature || !timestamp || !userid) return;
    started.current = true;
    singleLogin({ code, signature, timestamp: Number(timestamp), userid })
      .then(async (result) => {
        useSessionStore.getState().setSession(result);
        await navigate('/flight/booking', { replace: true });
      })
      .catch(async () => {
        await navigate('/', { replace: true });
      })
      .finally(() => setRunning(false));
  }, [params, navigate]);

  return running;
}
