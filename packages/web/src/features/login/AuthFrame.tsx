import { FireOutlined, ShopOutlined, TagsOutlined } from '@ant-design/icons';
import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../shared/ui/LanguageSwitch.js';
import { Logo } from '../../shared/ui/Logo.js';

const FEATURES = [
  { icon: FireOutlined, title: 'login.feature.trends', text: 'login.feature.trendsText' },
  { icon: TagsOutlined, title: 'login.feature.brands', text: 'login.feature.brandsText' },
  { icon: ShopOutlined, title: 'login.feature.shops', text: 'login.feature.shopsText' },
] as const;

/** The sign-in screens' frame: product story on the left, the form on the right. */
export function AuthFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="ml-auth-page">
      <div className="ml-auth-hero">
        <Flex align="center" gap={12}>
          <Logo size={40} />
          <Typography.Title level={3} style={{ color: '#fff', margin: 0 }}>
            {t('app.name')}
          </Typography.Title>
        </Flex>
        <div>
          <Typography.Title level={2} style={{ color: '#fff', fontSize: 40, lineHeight: 1.25, marginBottom: 16 }}>
            {t('login.heroTitle')}
          </Typography.Title>
          <Typography.Paragraph style={{ color: 'rgba(255,255,255,0.85)', fontSize: 16, maxWidth: 520 }}>
            {t('app.tagline')}
          </Typography.Paragraph>
          <Flex vertical gap={20} style={{ marginTop: 40, maxWidth: 520 }}>
            {FEATURES.map((f) => (
              <Flex key={f.title} gap={16} align="flex-start">
                <Flex
                  align="center"
                  justify="center"
                  style={{
                    width: 40,
                    height: 40,
                    borderRadius: 10,
                    background: 'rgba(255,255,255,0.15)',
                    flexShrink: 0,
                  }}
                >
                  <f.icon style={{ fontSize: 20, color: '#fff' }} />
                </Flex>
                <div>
                  <Typography.Text strong style={{ color: '#fff', fontSize: 15 }}>
                    {t(f.title)}
                  </Typography.Text>
                  <br />
                  <Typography.Text style={{ color: 'rgba(255,255,255,0.75)' }}>{t(f.text)}</Typography.Text>
                </div>
              </Flex>
            ))}
          </Flex>
        </div>
        <Typography.Text style={{ color: 'rgba(255,255,255,0.6)' }}>{t('login.copyright')}</Typography.Text>
      </div>
      <div className="ml-auth-panel">
        <Flex vertical style={{ width: '100%', maxWidth: 400 }} gap={24}>
          <Flex justify="flex-end">
            <LanguageSwitch />
          </Flex>
          {children}
        </Flex>
      </div>
    </div>
  );
}
