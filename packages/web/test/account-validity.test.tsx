import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import AccountEditPage from '../src/features/accounts/AccountEditPage.js';
import { calls, FIRST, ok, renderAdmin, server, setUpAdminTests, userOf } from './admin-harness.js';

setUpAdminTests();

const ROOT = userOf(1, 'root', 'root');

// Beijing, eight hours east of UTC: the last instant of a UTC day is the next morning there.
const zone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Asia/Shanghai';
  expect(new Date('2031-12-31T23:59:59.999Z').getDate()).toBe(1);
});
afterAll(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

/** The edit screen of an account with the given validity; returns the validity field's text box. */
async function editScreen(validity: { valid_from: string | null; valid_to: string | null }) {
  const account = userOf(7, 'wang', 'general', validity);
  server.use(
    http.get(`*/api/common/users/${account.id}`, () => ok({ user: account, projects: [] })),
    http.get('*/api/common/projects', () => ok({ items: [], total: 0, page: 1, page_size: 1000 })),
    http.put(`*/api/common/users/${account.id}`, () => ok({ user: account })),
  );
  renderAdmin([{ path: '/accounts/:id/edit', element: <AccountEditPage /> }], `/accounts/${account.id}/edit`, ROOT);
  await screen.findByText('Account details', undefined, FIRST);
  const item = [...document.querySelectorAll('.ant-form-item')].find((f) => f.textContent?.includes('Validity'))!;
  return item.querySelector('input')!;
}

// Validity is calendar dates (docs/security.md "Account validity"): the form shows the dates it was
// given in any zone, and a save sends a bound only when the user changed it.
describe('account validity on the edit screen, in Asia/Shanghai', () => {
  it('shows the dates as given and saves other fields without sending the dates', async () => {
    const field = await editScreen({ valid_from: '2031-01-01', valid_to: '2031-12-31' });
    expect(field.value).toBe('2031-01-01 ~ 2031-12-31');
    const telephone = screen.getByTestId('field-telephone');
    await userEvent.setup().clear(telephone);
    await userEvent.setup().type(telephone, '13900000000');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved', undefined, FIRST);
    const put = calls.find((c) => c.call === 'PUT /api/common/users/7');
    expect(put?.body).toMatchObject({ telephone: '13900000000' });
    expect(put?.body).not.toHaveProperty('valid_from');
    expect(put?.body).not.toHaveProperty('valid_to');
  });

  it("reads a bound given as an instant as its UTC date, not as the browser's day", async () => {
    const field = await editScreen({ valid_from: null, valid_to: '2031-12-31T23:59:59.999Z' });
    expect(field.value).toBe(' ~ 2031-12-31');
  });
});
