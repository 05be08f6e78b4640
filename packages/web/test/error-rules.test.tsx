/**
 * docs/product.md §8 rules the request layer applies with the callers: only the expiry 409 signs out (a
 * conflict 409 shows its message), tokens handed over in the address (tk/rtk) that fail are only
 * logged, and quiet calls (favourites …) are shown only for an answer with a status other than 500.
 */
import { CODE_ACCOUNT_EXPIRED } from '@marketlens/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { followBrands } from '../src/shared/analysis/follow.js';
import { type ApiHandlers, api, setApiHandlers } from '../src/shared/api/request.js';
import { readTokens, saveTokens, takeTokensFromUrl } from '../src/shared/api/tokens.js';
import { useAction } from '../src/shared/ui/useAction.js';
import { fail, ok, renderInProviders, server, setUpApiTests } from './support/harness.js';

setUpApiTests('en');

let handlers: { notify: ReturnType<typeof vi.fn>; sessionEnded: ReturnType<typeof vi.fn> };
beforeEach(() => {
  handlers = { notify: vi.fn(), sessionEnded: vi.fn() };
  setApiHandlers(handlers as unknown as ApiHandlers);
});

/** A button that runs `action` as the app's forms and buttons do (useAction). */
function ActionButton({ action, quietFailure }: { action: () => Promise<unknown>; quietFailure?: string }) {
  const a = useAction(action, quietFailure === undefined ? {} : { quietFailure });
  return (
    <button type="button" onClick={() => void a.run()}>
      go
    </button>
  );
}

const run = async (action: () => Promise<unknown>, quietFailure?: string) => {
  renderInProviders(<ActionButton action={action} quietFailure={quietFailure} />);
  await userEvent.click(screen.getByText('go'));
};

const approve = () => api.put('/api/common/users/application/5/status', { status: 'approved' });

describe('409: only the expiry signs out', () => {
  it('the expiry 409 (code account_expired) shows "account expired" and signs out', async () => {
    saveTokens({ access: 'AT', refresh: 'RT' });
    server.use(
      http.put('*/api/common/users/application/5/status', () =>
        fail(409, 'Your account has expired', CODE_ACCOUNT_EXPIRED),
      ),
    );
    await run(approve);
    await waitFor(() => expect(handlers.sessionEnded).toHaveBeenCalledWith('expired'));
    expect(handlers.notify).toHaveBeenCalledWith(
      'error',
      'Your account has expired. Please sign in again.',
      'Your account has expired',
      'account-expired',
    );
    expect(readTokens()).toBeNull();
  });

  it('a conflict 409 (an application already reviewed) shows its message and stays signed in', async () => {
    saveTokens({ access: 'AT', refresh: 'RT' });
    server.use(
      http.put('*/api/common/users/application/5/status', () =>
        fail(409, 'The application has already been reviewed.', 'reviewed'),
      ),
    );
    await run(approve);
    expect(await screen.findByText('The application has already been reviewed.')).toBeTruthy();
    expect(handlers.sessionEnded).not.toHaveBeenCalled();
    expect(readTokens()).toEqual({ access: 'AT', refresh: 'RT' });
  });
});

describe('tokens handed over in the address (tk, rtk)', () => {
  const handOver = (tk: string) => {
    window.history.replaceState(null, '', `/hot?tk=${tk}&rtk=R-${tk}`);
    expect(takeTokensFromUrl()).toBe(true);
    expect(window.location.search).toBe('');
  };

  it('that fail are only logged: no toast; the session ends, so sign-in follows', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    handOver('BAD');
    server.use(
      http.get('*/api/auth/user', () => fail(401, 'invalid token')),
      http.all('*/api/auth/refresh', () => fail(401, 'invalid refresh token')),
    );
    await expect(api.get('/api/auth/user')).rejects.toMatchObject({ status: 401 });
    expect(handlers.notify).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('/api/auth/user: 401'));
    expect(handlers.sessionEnded).toHaveBeenCalledWith('unauthorized');
    expect(readTokens()).toBeNull();
    warn.mockRestore();
  });

  it('once accepted are ordinary tokens: a later 401 shows its toast', async () => {
    handOver('GOOD');
    server.use(http.get('*/api/auth/user', () => ok({ user: { id: 1 } })));
    await api.get('/api/auth/user');
    server.use(
      http.get('*/api/common/data_scopes', () => fail(401, 'sign in again')),
      http.all('*/api/auth/refresh', () => fail(401, 'invalid refresh token')),
    );
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(api.get('/api/common/data_scopes')).rejects.toMatchObject({ status: 401 });
    expect(handlers.notify).toHaveBeenCalledWith('error', expect.any(String), 'sign in again', 'http-401');
  });
});

describe('quiet calls: a follow that fails (docs/api.md favourite errors)', () => {
  const UPDATE_FAILED = 'Failed to update favorite brands, please try again later';
  const follow = () => followBrands(1, [5], true);

  it.each([403, 404])('with %i shows the favourites message, and no HTTP toast', async (status) => {
    saveTokens({ access: 'AT', refresh: 'RT' });
    server.use(http.put('*/api/common/projects/1/collections', () => fail(status, 'refused')));
    await run(follow, UPDATE_FAILED);
    expect(await screen.findByText(UPDATE_FAILED)).toBeTruthy();
    expect(handlers.notify).not.toHaveBeenCalled();
  });

  it('with 500 or no answer at all shows nothing', async () => {
    saveTokens({ access: 'AT', refresh: 'RT' });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    server.use(http.put('*/api/common/projects/1/collections', () => fail(500, 'boom')));
    await run(follow, UPDATE_FAILED);
    server.use(http.put('*/api/common/projects/1/collections', () => HttpResponse.error()));
    await userEvent.click(screen.getByText('go'));
    await waitFor(() => expect(warn).toHaveBeenCalledWith(expect.stringContaining('collections: 0 network')));
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('collections: 500'));
    expect(screen.queryByText(UPDATE_FAILED)).toBeNull();
    expect(screen.queryByText('boom')).toBeNull();
    expect(handlers.notify).not.toHaveBeenCalled();
    warn.mockRestore();
  });
});
