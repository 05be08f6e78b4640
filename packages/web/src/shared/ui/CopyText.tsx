import { CopyOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from './feedback.js';

/** A secret shown once (generated password) with a copy-to-clipboard button. */
export function CopyText({ text, testId }: { text: string; testId?: string }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  return (
    <Flex align="center" gap={8}>
      <Typography.Text code copyable={false} style={{ fontSize: 16 }} data-testid={testId}>
        {text}
      </Typography.Text>
      <Button
        size="small"
        icon={<CopyOutlined />}
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(text);
            void message.success(t('common.copied'));
          } catch {
            void message.warning(t('common.copyFailed'));
          }
        }}
      >
        {t('common.copy')}
      </Button>
    </Flex>
  );
}
