import { defineMessages } from './area.js';

/**
 * Texts of the mail the server sends (keys prefixed 'mail.'), besides the reset link's subject and
 * sentence ('auth.resetMail*'). Each value is one paragraph of the plain-text and the HTML part.
 */
export const mailMessages = defineMessages({
  en: {
    'mail.greeting': 'Hello {username},',
    'mail.resetIgnore': 'If you did not ask for this, ignore this mail: your password stays unchanged.',
    'mail.openingSubject': 'Your MarketLens account is open',
    'mail.openingBody': 'Your MarketLens account "{username}" has been opened. Sign in here: {link}',
    'mail.openingPasswordGenerated':
      'Your administrator will give you your first password; you will be asked to choose your own when you first sign in.',
    'mail.openingPasswordSet': 'Sign in with the password agreed with your administrator.',
    'mail.openingForgot': 'Without a password, use "Forgot password" on the sign-in page to set one.',
    'mail.signature': 'MarketLens',
  },
  'zh-CN': {
    'mail.greeting': '{username}，您好：',
    'mail.resetIgnore': '如果这不是您本人的操作，请忽略本邮件，您的密码不会改变。',
    'mail.openingSubject': '您的市场透镜账号已开通',
    'mail.openingBody': '您的市场透镜账号“{username}”已开通，请在此登录：{link}',
    'mail.openingPasswordGenerated': '初始密码由管理员告知您；首次登录时需要设置您自己的密码。',
    'mail.openingPasswordSet': '请使用与管理员约定的密码登录。',
    'mail.openingForgot': '如没有密码，请在登录页点击“忘记密码”设置。',
    'mail.signature': '市场透镜',
  },
});
