import {
  CheckCircleFilled,
  CloseCircleFilled,
  ExclamationCircleFilled,
  FileSearchOutlined,
  InfoCircleFilled,
  StopOutlined,
} from '@ant-design/icons';
import { Flex, theme } from 'antd';
import type { ReactNode } from 'react';

export type Status = 'success' | 'info' | 'warning' | 'error' | '403' | '404';

export interface StatusViewProps {
  status?: Status;
  /** Replaces the status icon. */
  icon?: ReactNode;
  title: ReactNode;
  subTitle?: ReactNode;
  extra?: ReactNode;
  /** Details below the actions, on a light panel. */
  children?: ReactNode;
  'data-testid'?: string;
}

/**
 * The outcome of an action or the state of a screen (done, no access, not found…): a large icon, a
 * title, an explanation and what to do next. Used instead of antd's Result, which ships its three
 * exception illustrations to every page that shows any result. It sets antd's font itself:
 * outside the layout (the sign-in frame) nothing around it does.
 */
export function StatusView({ status = 'info', icon, title, subTitle, extra, children, ...rest }: StatusViewProps) {
  const { token } = theme.useToken();
  const icons: Record<Status, ReactNode> = {
    success: <CheckCircleFilled style={{ color: token.colorSuccess }} />,
    info: <InfoCircleFilled style={{ color: token.colorInfo }} />,
    warning: <ExclamationCircleFilled style={{ color: token.colorWarning }} />,
    error: <CloseCircleFilled style={{ color: token.colorError }} />,
    '403': <StopOutlined style={{ color: token.colorTextQuaternary }} />,
    '404': <FileSearchOutlined style={{ color: token.colorTextQuaternary }} />,
  };
  return (
    <Flex
      vertical
      align="center"
      gap={8}
      style={{ padding: '48px 32px', textAlign: 'center', fontFamily: token.fontFamily }}
      {...rest}
    >
      <div style={{ fontSize: 72, lineHeight: 1, marginBottom: 16 }} aria-hidden>
        {icon ?? icons[status]}
      </div>
      <h2 style={{ margin: 0, fontSize: 24, fontWeight: 400, lineHeight: 1.35, color: token.colorTextHeading }}>
        {title}
      </h2>
      {subTitle && <div style={{ fontSize: 14, color: token.colorTextDescription, maxWidth: 560 }}>{subTitle}</div>}
      {extra && (
        <Flex gap={8} justify="center" wrap style={{ marginTop: 24 }}>
          {extra}
        </Flex>
      )}
      {children && (
        <div
          style={{
            marginTop: 24,
            padding: '24px 40px',
            background: token.colorFillAlter,
            borderRadius: token.borderRadiusLG,
            alignSelf: 'stretch',
            textAlign: 'start',
          }}
        >
          {children}
        </div>
      )}
    </Flex>
  );
}
