import { MailOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { Button, Popover, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { StatusView } from '../ui/StatusView.js';
import { useCollect } from './useCollect.js';

export interface NoAccessProps {
  kind: 'category' | 'brand' | 'shop';
  /** The category, brand or shop name, when known. */
  name?: string;
  /** Adds the item to the favourites; the button shows only when given. */
  onFavourite?: () => void;
  favourited?: boolean;
  favouriteBusy?: boolean;
  /** How to reach an administrator (an e-mail address); without it a hint explains whom to ask. */
  adminEmail?: string;
}

/**
 * docs/product.md §6: a category or brand the user was not granted. Offers to favourite it (so it is at hand
 * once access is granted) and to contact an administrator.
 */
export function NoAccess({ kind, name, onFavourite, favourited, favouriteBusy, adminEmail }: NoAccessProps) {
  const { t } = useTranslation();
  const title = name ? t(`analysis.noAccess.${kind}Named`, { name }) : t(`analysis.noAccess.${kind}Title`);
  const contact = adminEmail ? (
    <Button key="contact" icon={<MailOutlined />} href={`mailto:${adminEmail}`}>
      {t('analysis.noAccess.contact')}
    </Button>
  ) : (
    <Popover
      key="contact"
      trigger="click"
      content={
        <Typography.Text style={{ maxWidth: 280, display: 'block' }}>
          {t('analysis.noAccess.contactHint')}
        </Typography.Text>
      }
    >
      <Button icon={<MailOutlined />}>{t('analysis.noAccess.contact')}</Button>
    </Popover>
  );
  return (
    <StatusView
      status="403"
      title={title}
      subTitle={onFavourite ? t('analysis.noAccess.hint') : t('analysis.noAccess.contactHint')}
      data-testid={`no-access-${kind}`}
      extra={[
        onFavourite && (
          <Button
            key="favourite"
            type="primary"
            icon={favourited ? <StarFilled /> : <StarOutlined />}
            disabled={favourited}
            loading={favouriteBusy}
            onClick={onFavourite}
          >
            {favourited ? t('analysis.noAccess.favourited') : t('analysis.noAccess.favourite')}
          </Button>
        ),
        contact,
      ]}
    />
  );
}

/**
 * A brand the project limits and the user was not granted (403 on Brand Detail, a comparison slot):
 * nothing about it is shown, but it can go into the favourites folder (not the followed brands,
 * which the server keeps to granted brands), to be at hand once an administrator grants it.
 */
export function BrandNoAccess({ brandId }: { brandId: number }) {
  const { t } = useTranslation();
  const collect = useCollect('brand', String(brandId), t('analysis.brandCollectTitle', { id: brandId }));
  return (
    <NoAccess kind="brand" favourited={collect.collected} favouriteBusy={collect.busy} onFavourite={collect.collect} />
  );
}
