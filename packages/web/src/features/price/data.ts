import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { priceApi, priceKeys } from './api.js';
import { CART_PARAM, cartParam, parseCart } from './cart.js';

/** The sellable categories with the price of each alone, and the terms (public). */
export function useCatalog() {
  return useQuery({
    queryKey: priceKeys.catalog,
    queryFn: ({ signal }) => priceApi.catalog(signal),
    staleTime: 10 * 60_000,
  });
}

/** The cart in the address; setting it replaces the entry (ticking boxes does not fill the history). */
export function useCart(): [number[], (next: readonly number[]) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get(CART_PARAM);
  const cart = useMemo(() => parseCart(raw), [raw]);
  const setCart = useCallback(
    (next: readonly number[]) =>
      setParams(
        (p) => {
          const out = new URLSearchParams(p);
          if (next.length) out.set(CART_PARAM, cartParam(next));
          else out.delete(CART_PARAM);
          return out;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [cart, setCart];
}

/** The server's quote of the cart (never computed here); the previous one stays while the next loads. */
export function useQuote(cart: readonly number[]) {
  return useQuery({
    queryKey: priceKeys.quote(cart),
    queryFn: ({ signal }) => priceApi.quote(cart, signal),
    enabled: cart.length > 0,
    placeholderData: keepPreviousData,
  });
}
