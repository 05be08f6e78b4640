import { useEffect, useState } from 'react';

/**
 * A select's search text and the prefix to ask the server for: the text settled for 250 ms, so
 * typing a name sends one request, not one per key.
 */
export function useSearchPrefix() {
  const [search, setSearch] = useState('');
  const [prefix, setPrefix] = useState('');
  useEffect(() => {
    const id = setTimeout(() => setPrefix(search.trim()), 250);
    return () => clearTimeout(id);
  }, [search]);
  return { search, setSearch, prefix };
}
