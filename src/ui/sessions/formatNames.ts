import { useEffect, useState } from 'react';

/**
 * The agents whose session logs the page opens, in words, from the formats' table (loaded after
 * the page, not with it, as a drop loads it): `null` until then, so a text says "a session log".
 */
export function useSessionFormatNames(): string | null {
  const [names, setNames] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('../../scenarios/import/sessionFormats').then(
      (formats) => live && setNames(formats.readableFormatNames()),
      () => undefined, // offline before the chunk was cached: the texts stay general
    );
    return () => {
      live = false;
    };
  }, []);
  return names;
}
