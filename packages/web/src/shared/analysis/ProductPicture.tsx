import { PictureOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A product picture from the file service (docs/product.md §9), square; a neutral placeholder when the product
 * has no picture or the file service cannot deliver it, so a grid never shows a broken image.
 */
export function ProductPicture({ src, alt, size }: { src: string | null; alt: string; size: number | '100%' }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState<string | null>(null);
  const box = {
    width: size,
    aspectRatio: '1 / 1',
    borderRadius: 6,
    flex: 'none',
    overflow: 'hidden',
    background: '#f5f5f5',
  } as const;
  if (!src || failed === src) {
    return (
      <div
        role="img"
        aria-label={t('analysis.noPicture')}
        style={{ ...box, display: 'flex', alignItems: 'center', justifyContent: 'center', color: '#bfbfbf' }}
      >
        <PictureOutlined style={{ fontSize: typeof size === 'number' ? Math.max(14, size / 2.5) : 40 }} />
      </div>
    );
  }
  return (
    <div style={box}>
      <img
        src={src}
        alt={alt}
        loading="lazy"
        onError={() => setFailed(src)}
        style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
      />
    </div>
  );
}
