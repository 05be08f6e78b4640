import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../src/shared/api/request.js';
import { initI18n } from '../src/shared/i18n/index.js';
import { FeedbackProvider } from '../src/shared/ui/feedback.js';
import { type ActionOptions, useAction } from '../src/shared/ui/useAction.js';

/** A button that runs `action` through useAction and shows the hook's state. */
function Harness({ action, options }: { action: () => Promise<string>; options?: ActionOptions<string> }) {
  const a = useAction(action, options);
  return (
    <div>
      <button type="button" onClick={() => void a.run()}>
        go
      </button>
      <span data-testid="busy">{String(a.busy)}</span>
      <span data-testid="error">{a.error ?? ''}</span>
    </div>
  );
}

function show(action: () => Promise<string>, options?: ActionOptions<string>) {
  return render(
    <FeedbackProvider>
      <Harness action={action} options={options} />
    </FeedbackProvider>,
  );
}

function deferred() {
  let resolve!: (v: string) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<string>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('useAction', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('is busy while running and toasts the success text made from the result', async () => {
    const d = deferred();
    show(() => d.promise, { success: (r) => `saved ${r}` });
    await userEvent.click(screen.getByText('go'));
    expect(screen.getByTestId('busy').textContent).toBe('true');
    await act(async () => d.resolve('x1'));
    await waitFor(() => expect(screen.getByTestId('busy').textContent).toBe('false'));
    expect(await screen.findByText('saved x1')).toBeTruthy();
  });

  it('shows the server message inline, and clears it on the next run', async () => {
    let fail = true;
    show(
      async () => {
        if (fail) throw new ApiError(400, 'bad', 'Name already taken');
        return 'ok';
      },
      { errors: 'inline' },
    );
    await userEvent.click(screen.getByText('go'));
    await waitFor(() => expect(screen.getByTestId('error').textContent).toBe('Name already taken'));
    fail = false;
    await userEvent.click(screen.getByText('go'));
    await waitFor(() => expect(screen.getByTestId('error').textContent).toBe(''));
  });

  it('toasts an unshown failure with the generic text, never one the request layer already showed', async () => {
    show(async () => {
      throw new Error('boom');
    });
    await userEvent.click(screen.getByText('go'));
    expect(await screen.findByText('Something went wrong. Please try again later.')).toBeTruthy();

    const shown = new ApiError(500, 500, 'Server trouble');
    shown.shown = true;
    render(
      <FeedbackProvider>
        <Harness
          action={async () => {
            throw shown;
          }}
        />
      </FeedbackProvider>,
    );
    await userEvent.click(screen.getAllByText('go')[1]!);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('Server trouble')).toBeNull();
  });

  it('ignores a cancelled call (no error at all)', async () => {
    show(
      async () => {
        throw new ApiError(0, 'cancelled', 'cancelled', true);
      },
      { errors: 'inline' },
    );
    await userEvent.click(screen.getByText('go'));
    await waitFor(() => expect(screen.getByTestId('busy').textContent).toBe('false'));
    expect(screen.getByTestId('error').textContent).toBe('');
  });
});
