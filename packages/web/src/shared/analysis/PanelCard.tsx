import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Flex, Skeleton, Spin } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/request.js';
import type { AnyMessageKey } from './validate.js';

/**
 * Warnings a panel shows above its content (docs/product.md §8); 'analytics.noData' shows as the empty state
 * instead.
 */
const NO_DATA = 'analytics.noData';

export interface PanelCardProps {
  title?: ReactNode;
  /** Controls on the right of the title (metric switch, sort, download …). */
  extra?: ReactNode;
  /** A request is running. With content present it stays visible under a pending indicator; without, a skeleton. */
  loading?: boolean;
  /** The last load failed: the "failed to get … try again later" of docs/product.md §8 and a Retry button. */
  error?: unknown;
  onRetry?: () => void;
  /** What failed to load, for the message ("failed to get {name}"); default "the data". */
  subject?: string;
  /** Message keys of the answer's warnings ('analytics.unequalPeriods', 'analytics.noData' …). */
  warnings?: readonly AnyMessageKey[] | readonly string[];
  /** No data for this filter (also implied by the 'analytics.noData' warning). */
  empty?: boolean;
  /** The category is not ready yet (docs/product.md §6): a warning instead of the content. */
  notReady?: boolean;
  /** Height of the body while it has nothing to show, so the page does not jump. */
  minHeight?: number;
  style?: CSSProperties;
  children?: ReactNode;
}

const hasContent = (children: ReactNode) =>
  children !== undefined &&
  children !== null &&
  children !== false &&
  !(Array.isArray(children) && children.length === 0);

/**
 * One frame for every chart and table of an analysis page, with its states: pending (previous
 * content stays, dimmed, with a spinner that appears at once), failed (message + Retry), empty,
 * unequal periods, not-ready category.
 */
export function PanelCard({
  title,
  extra,
  loading = false,
  error,
  onRetry,
  subject,
  warnings = [],
  empty = false,
  notReady = false,
  minHeight = 240,
  style,
  children,
}: PanelCardProps) {
  const { t } = useTranslation();
  const content = hasContent(children);
  const noData = empty || (warnings as readonly string[]).includes(NO_DATA);
  const failed = error !== undefined && error !== null && !(isApiError(error) && error.cancelled);
  const others = (warnings as readonly string[]).filter((w) => w !== NO_DATA) as AnyMessageKey[];

  let body: ReactNode;
  if (notReady) {
    body = <Alert type="warning" showIcon title={t('analysis.state.notReady')} data-testid="panel-not-ready" />;
  } else if (failed && !(loading && content)) {
    body = (
      <Flex vertical align="center" justify="center" gap={12} style={{ minHeight }} data-testid="panel-error">
        <Alert
          type="error"
          showIcon
          title={t('analysis.state.loadFailed', { name: subject ?? t('analysis.state.data') })}
          description={isApiError(error) && error.status === 400 && error.message ? error.message : undefined}
        />
        {onRetry && (
          <Button icon={<ReloadOutlined />} onClick={onRetry}>
            {t('common.retry')}
          </Button>
        )}
      </Flex>
    );
  } else if (!content && loading) {
    body = (
      <div style={{ minHeight }} data-testid="panel-skeleton">
        <Skeleton active paragraph={{ rows: 5 }} title={false} />
      </div>
    );
  } else if (noData && !loading) {
    body = (
      <Flex align="center" justify="center" style={{ minHeight }} data-testid="panel-empty">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('analytics.noData')} />
      </Flex>
    );
  } else {
    body = (
      <div style={{ position: 'relative' }}>
        <div
          aria-busy={loading}
          style={{
            opacity: loading ? 0.55 : 1,
            transition: 'opacity 120ms',
            pointerEvents: loading ? 'none' : undefined,
          }}
        >
          {children}
        </div>
        {loading && (
          <Flex
            role="status"
            aria-label={t('analysis.state.updating')}
            justify="center"
            style={{ position: 'absolute', inset: 0, alignItems: 'center' }}
            data-testid="panel-pending"
          >
            <Spin />
          </Flex>
        )}
      </div>
    );
  }

  return (
    <Card
      size="small"
      variant="borderless"
      title={title}
      extra={extra}
      style={style}
      styles={{ body: { padding: '12px 16px 16px' } }}
    >
      {!notReady && others.length > 0 && (
        <Flex vertical gap={8} style={{ marginBottom: 12 }}>
          {others.map((w) => (
            <Alert key={w} type="warning" showIcon title={t(w)} data-testid={`panel-warning-${w}`} />
          ))}
        </Flex>
      )}
      {body}
    </Card>
  );
}

/** The state props of a {@link PanelCard} from a useAnalysisQuery result. */
export function panelState(q: {
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
  warnings: readonly string[];
}): Pick<PanelCardProps, 'loading' | 'error' | 'onRetry' | 'warnings'> {
  return { loading: q.isFetching, error: q.error ?? undefined, onRetry: () => void q.refetch(), warnings: q.warnings };
}
