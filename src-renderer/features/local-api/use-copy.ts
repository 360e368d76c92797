// Copying something made from the account's key: the key is read from where the window keeps it
// (the keychain, or this session) only now, put into the text, and the text on the clipboard.
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useAccount } from '../../data/account-context.ts';
import { messageOf } from '../../lib/hooks.ts';

/** What was said about the latest copy (or another action of the panel), and the copy itself. */
export function useCopy(): {
  said: string | undefined;
  say: (text: string) => void;
  copy: (what: string, make: (key: string) => string) => Promise<void>;
} {
  const { api } = useAccount();
  const [said, say] = useState<string>();
  // A key refused now, or a service gone, is also the app's to show (its designed states).
  const readKey = useMutation({ mutationFn: () => api.key(), meta: { report: true } });
  const copy = async (what: string, make: (key: string) => string) => {
    let text: string;
    try {
      text = make(await readKey.mutateAsync());
    } catch (error) {
      say(`Could not read the key: ${messageOf(error)}`);
      return;
    }
    try {
      await navigator.clipboard.writeText(text);
      say(`Copied ${what}. It contains your key: paste it where only you can see it.`);
    } catch {
      say('Copying is not allowed here: the browser refused the clipboard.');
    }
  };
  return { said, say, copy };
}
