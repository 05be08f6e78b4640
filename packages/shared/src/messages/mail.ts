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
    'mail.lockoutSubject': 'Failed sign-ins on your MarketLens account',
    'mail.lockoutBody':
      '{count} wrong passwords in a row were entered for your account "{username}" from the address {address}.',
    'mail.lockoutBody_one':
      '{count} wrong password was entered for your account "{username}" from the address {address}.',
    'mail.lockoutWait':
      'That address cannot sign in to your account for the next {count} minutes. Devices you have signed in with before are not affected.',
    'mail.lockoutWait_one':
      'That address cannot sign in to your account for the next {count} minute. Devices you have signed in with before are not affected.',
    'mail.lockoutAdvice':
      'If this was you, wait or sign in from one of your devices. If not, nobody got in: the password was wrong. If your password is easy to guess, change it after you sign in, and tell your administrator if this keeps happening.',
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
    'mail.lockoutSubject': '您的市场透镜账号有多次登录失败',
    'mail.lockoutBody': '有人从地址 {address} 为您的账号“{username}”连续输入了 {count} 次错误密码。',
    'mail.lockoutBody_one': '有人从地址 {address} 为您的账号“{username}”连续输入了 {count} 次错误密码。',
    'mail.lockoutWait': '该地址在接下来的 {count} 分钟内无法登录您的账号；您曾登录过的设备不受影响。',
    'mail.lockoutWait_one': '该地址在接下来的 {count} 分钟内无法登录您的账号；您曾登录过的设备不受影响。',
    'mail.lockoutAdvice':
      '如果是您本人，请稍候或在您登录过的设备上登录。如果不是，对方并未登录成功（密码错误）。如果您的密码容易被猜到，请登录后修改；如此情况持续发生，请告知管理员。',
    'mail.signature': '市场透镜',
  },
});
