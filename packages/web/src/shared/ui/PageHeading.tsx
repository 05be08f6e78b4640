import { Typography } from 'antd';
import type { ReactNode } from 'react';

/**
 * A screen's title and its line of explanation. The title is the page's one `h1` (screen readers
 * jump to it), drawn at antd's level-3 size as before.
 */
export function PageHeading({ title, subtitle }: { title: ReactNode; subtitle?: ReactNode }) {
  return (
    <div>
      <Typography.Title level={1} style={{ margin: 0, fontSize: 24, lineHeight: 1.3333 }} data-testid="page-title">
        {title}
      </Typography.Title>
      {subtitle && <Typography.Text type="secondary">{subtitle}</Typography.Text>}
    </div>
  );
}
