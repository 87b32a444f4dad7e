import { useState } from 'react';
import { messageOf } from '../api/api-error.js';
import { saveBlob } from '../lib/save-blob.js';

/**
 * Saving a file the server makes (a CSV export, a Z report): fetched with the till's headers,
 * then saved, so the key never goes into a link. `busy` names the file being fetched (a screen
 * with several exports shows which), `error` says in words why the last one failed.
 */
export function useFileSave<Name extends string>() {
  const [busy, setBusy] = useState<Name | null>(null);
  const [error, setError] = useState<string | null>(null);

  const save = async (name: Name, fetchFile: () => Promise<Blob>, fileName: string) => {
    setBusy(name);
    try {
      saveBlob(await fetchFile(), fileName);
      setError(null);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(null);
    }
  };

  return { busy, error, save };
}
