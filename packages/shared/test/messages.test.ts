import { isMessageKey, LOCALES, MESSAGES, type MessageKey, toLocale, translate } from '@marketlens/shared';
import { describe, expect, it } from 'vitest';

const keys = Object.keys(MESSAGES.en) as MessageKey[];
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('message catalogue', () => {
  it('has the same keys in every language', () => {
    for (const locale of LOCALES) expect(Object.keys(MESSAGES[locale]).sort()).toEqual([...keys].sort());
  });

  it.each(keys)('%s: both texts are non-empty and use the same placeholders', (key) => {
    const zh = MESSAGES['zh-CN'][key];
    const en = MESSAGES.en[key];
    expect(zh.trim()).not.toBe('');
    expect(en.trim()).not.toBe('');
    expect(placeholders(zh)).toEqual(placeholders(en));
  });

  it('writes every Chinese text in Chinese', () => {
    for (const key of keys) expect(MESSAGES['zh-CN'][key], key).toMatch(/[\u4e00-\u9fff]/);
  });

  it.each([
    ['validation.password.required', 'Please enter password.', '请输入密码'],
    ['validation.password.mismatch', 'Passwords do not match.', '两次输入的密码不一致'],
    ['validation.range.negative', 'Do not input negative numbers', '请勿输入负数'],
    ['validation.keyword.duplicate', 'This keyword already exists!', '该关键词已存在！'],
    ['superQuery.invalidFormat', 'The format of the super query clause is incorrect.', '超级查询语句格式不正确'],
    ['server.incorrectCurrentPassword', 'incorrect current password', '当前密码不正确'],
    ['server.nameExists', 'name already exists', '名称已存在'],
    ['server.usernameExists', 'username already exists', '用户名已存在'],
    ['server.emailExists', 'email already exists', '邮箱已存在'],
    ['server.invalidArgument', 'invalid argument', '参数无效'],
    ['server.notFound', 'not found', '资源不存在'],
    ['server.projectExists', 'the project already exists', '该项目已存在'],
    ['server.projectNotFound', 'the project does not exist', '该项目不存在'],
  ] as const)('%s keeps the text of docs/product.md §5', (key, en, zh) => {
    expect(translate('en', key)).toBe(en);
    expect(translate('zh-CN', key)).toBe(zh);
  });
});

describe('docs/api.md sign-in failure', () => {
  it('says "invalid login or password" with the attempts left', () => {
    expect(translate('en', 'auth.invalidCredentials', { count: 1 })).toMatch(
      /^invalid login or password, 1 attempt left/,
    );
    expect(translate('zh-CN', 'auth.invalidCredentials', { count: 2 })).toMatch(/^用户名或密码错误，/);
  });
});

describe('translate', () => {
  it('fills placeholders in both languages', () => {
    expect(translate('en', 'validation.attributeValues.tooMany', { max: 10 })).toBe(
      'Select at most 10 attribute values.',
    );
    expect(translate('zh-CN', 'validation.attributeValues.tooMany', { max: 10 })).toBe('属性值最多可选择 10 个');
    expect(translate('zh-CN', 'superQuery.invalidFormatAt', { position: 7 })).toBe(
      '超级查询语句格式不正确（第 7 个字符附近）',
    );
  });

  it('leaves a placeholder without a value visible', () => {
    expect(translate('en', 'validation.password.weak', {})).toContain('{min}');
    expect(translate('en', 'validation.password.weak')).toContain('{min}');
  });

  it('returns an unknown run-time key unchanged instead of throwing', () => {
    const key: string = 'server.somethingNew';
    expect(translate('en', key)).toBe('server.somethingNew');
    expect(translate('zh-CN', 'toString')).toBe('toString');
    const known: string = 'server.notFound';
    expect(translate('zh-CN', known)).toBe('资源不存在');
  });

  it('does not read inherited properties as params', () => {
    expect(translate('en', 'views.nameTooLong', Object.create({ max: 'x' }))).toBe(
      'A view name has at most {max} characters.',
    );
  });
});

describe('isMessageKey', () => {
  it.each([
    ['server.notFound', true],
    ['validation.password.required', true],
    ['toString', false],
    ['server.nope', false],
    [42, false],
  ] as const)('%s → %s', (value, expected) => expect(isMessageKey(value)).toBe(expected));
});

describe('toLocale (docs/product.md §4 language order inputs, §7 wire locales)', () => {
  it.each([
    ['en', 'en'],
    ['EN', 'en'],
    ['en-US', 'en'],
    ['en_us', 'en'],
    ['en-GB', 'en'],
    ['zh', 'zh-CN'],
    ['zh-CN', 'zh-CN'],
    ['zh_cn', 'zh-CN'],
    ['zh-TW', 'zh-CN'],
    ['fr', 'zh-CN'],
    ['english', 'zh-CN'],
    ['', 'zh-CN'],
    [undefined, 'zh-CN'],
  ] as const)('%s → %s', (input, expected) => expect(toLocale(input)).toBe(expected));
});
