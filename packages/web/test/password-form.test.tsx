import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App, Button, Form } from 'antd';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n, setLocale } from '../src/shared/i18n/index.js';
import { PasswordFields } from '../src/shared/ui/PasswordFields.js';

function Harness({ onFinish }: { onFinish: (v: unknown) => void }) {
  return (
    <App>
      <Form onFinish={onFinish}>
        <PasswordFields />
        <Button htmlType="submit">go</Button>
      </Form>
    </App>
  );
}

describe('password form (docs/product.md §5 rules, both languages)', () => {
  beforeAll(async () => {
    await initI18n('zh-CN');
  });

  it('requires a password, rejects weak ones and a mismatching repeat (zh-CN)', async () => {
    await setLocale('zh-CN');
    const onFinish = vi.fn();
    const user = userEvent.setup();
    render(<Harness onFinish={onFinish} />);
    await user.click(screen.getByText('go'));
    expect(await screen.findByText('请输入密码')).toBeTruthy();
    expect(await screen.findByText('请再次输入密码')).toBeTruthy();
    await user.type(screen.getByTestId('new-password'), 'abcdefgh');
    expect(await screen.findByText('密码至少 8 位，且须同时包含数字、小写字母和大写字母')).toBeTruthy();
    await user.clear(screen.getByTestId('new-password'));
    await user.type(screen.getByTestId('new-password'), 'Abcdefg1');
    await user.type(screen.getByTestId('repeat-password'), 'Abcdefg2');
    await user.click(screen.getByText('go'));
    expect(await screen.findByText('两次输入的密码不一致')).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('accepts a strong matching password (en messages)', async () => {
    await setLocale('en');
    const onFinish = vi.fn();
    const user = userEvent.setup();
    render(<Harness onFinish={onFinish} />);
    await user.type(screen.getByTestId('new-password'), 'short1A');
    expect(
      await screen.findByText(
        'The password must have at least 8 characters, including a number, a lowercase letter and an uppercase letter.',
      ),
    ).toBeTruthy();
    await user.clear(screen.getByTestId('new-password'));
    await user.type(screen.getByTestId('new-password'), 'Strong-Pass1');
    await user.type(screen.getByTestId('repeat-password'), 'Strong-Pass1');
    await user.click(screen.getByText('go'));
    await vi.waitFor(() => expect(onFinish).toHaveBeenCalledWith({ password: 'Strong-Pass1', repeat: 'Strong-Pass1' }));
  });
});
