// What keeps the window from showing its data: the access token, or a service that does not
// answer. A failure any read reports lands here, once (data/query-client.ts); an account no
// longer in the window, or a key refused now, only makes the status be read again.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { accessToken, forgetToken } from '../api/access-token.ts';
import { ApiError } from '../api/client.ts';
import { keys } from '../data/keys.ts';

export type Trouble = { kind: 'sign-in'; refused: boolean } | { kind: 'problem'; error: Error };

/** A refused token is dropped (it will not start working again); the page asks for the new one. */
function signIn(): Trouble {
  const refused = accessToken() !== undefined;
  forgetToken();
  return { kind: 'sign-in', refused };
}

/** The trouble reported through `reportTo`, and `startAgain`, which clears it and reads the status afresh. */
export function useTrouble(reportTo: { current: (error: unknown) => void }) {
  const client = useQueryClient();
  const [trouble, setTrouble] = useState<Trouble>();
  const reloadStatus = useCallback(() => client.invalidateQueries({ queryKey: keys.status }), [client]);
  const startAgain = useCallback(() => {
    setTrouble(undefined);
    void client.resetQueries({ queryKey: keys.status });
  }, [client]);
  useEffect(() => {
    reportTo.current = (error) => {
      if (!(error instanceof ApiError)) return;
      // An account no longer in the window, or a key refused now: the status says which.
      if (error.kind === 'no_key' || error.kind === 'revoked') void reloadStatus();
      else if (error.kind === 'token') setTrouble(signIn());
      else if (error.kind === 'unreachable') setTrouble({ kind: 'problem', error });
    };
  }, [reportTo, reloadStatus]);
  return { trouble, startAgain, reloadStatus };
}
