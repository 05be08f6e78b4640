import { Card, Flex } from 'antd';
import type { ReactNode } from 'react';
import { PageHeading } from './PageHeading.js';

interface Props {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Actions on the right of the title. */
  extra?: ReactNode;
  /** Content between the title and the card (tabs, alerts). */
  header?: ReactNode;
  children: ReactNode;
  /** Render children without the surrounding card (pages made of several cards). */
  bare?: boolean;
}

/** The frame of every screen: a title row and a white card, so all pages line up the same. */
export function PageFrame({ title, subtitle, extra, header, children, bare }: Props) {
  return (
    <Flex vertical gap={16} style={{ maxWidth: 1440, margin: '0 auto' }}>
      <Flex align="center" justify="space-between" wrap gap={12}>
        <PageHeading title={title} subtitle={subtitle} />
        {extra && (
          <Flex gap={8} wrap>
            {extra}
          </Flex>
        )}
      </Flex>
      {header}
      {bare ? children : <Card variant="borderless">{children}</Card>}
    </Flex>
  );
}
