import { EyeInvisibleOutlined } from '@ant-design/icons';
import { Badge, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyDialog } from '../../shared/ui/lazyDialog.js';
import { useHiddenKeywords } from './hiddenKeywords.js';

const HiddenKeywordsDrawer = lazyDialog(() => import('./HiddenKeywordsDrawer.js').then((m) => m.default));

/**
 * The project's hidden keywords (docs/product.md §4 "hidden keywords can be revealed"): everyone with the page
 * sees the list; project administrators hide words (picked from the cloud or typed) and reveal them. Shown only
 * while the project hides keywords (its "Hide keywords" setting).
 */
export function HiddenKeywordsButton({ cloudWords }: { cloudWords: readonly string[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const hidden = useHiddenKeywords();
  const count = hidden.data?.enabled ? hidden.data.items.length : 0;
  // With hiding off (the project's "Hide keywords" setting) nothing can be done in the drawer: no button.
  if (!hidden.data?.enabled) return null;
  return (
    <>
      <Badge count={count} size="small" color="#8c8c8c" offset={[-4, 2]}>
        <Button
          size="small"
          icon={<EyeInvisibleOutlined />}
          onClick={() => setOpen(true)}
          data-testid="hidden-keywords-open"
        >
          {t('hot.hidden.open')}
        </Button>
      </Badge>
      <HiddenKeywordsDrawer open={open} onClose={() => setOpen(false)} cloudWords={cloudWords} />
    </>
  );
}
