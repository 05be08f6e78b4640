import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { roleLabel } from '../../shared/ui/labels.js';
import { type DetailLine, detailLines, isDetailField } from './detail.js';

/** An audit entry's detail as label: value lines, in the reader's language and time zone. */
export function AuditDetail({ detail }: { detail: unknown }) {
  const { t } = useTranslation();
  const lines = detailLines(detail);
  if (lines.length === 0) return <Typography.Text type="secondary">-</Typography.Text>;
  const label = (key: string) =>
    key === 'value' ? t('auditScreen.field.value') : isDetailField(key) ? t(`auditScreen.field.${key}`) : key;
  const value = (l: DetailLine) => {
    switch (l.kind) {
      case 'code':
        return t(`auditScreen.code.${l.key}.${l.code}` as 'auditScreen.code.reason.locked');
      case 'role':
        return roleLabel(t, l.role);
      case 'flag':
        return l.on ? t('auditScreen.flag.yes') : t('auditScreen.flag.no');
      default:
        return l.text;
    }
  };
  return (
    <dl className="ml-audit-detail" data-testid="audit-detail">
      {lines.map((l) => (
        <div key={l.key}>
          <dt>{t('auditScreen.fieldLabel', { label: label(l.key) })}</dt>
          <dd>{value(l)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The entry's detail as the server stored it, for whoever needs the exact record. */
export function AuditRawDetail({ detail }: { detail: unknown }) {
  const { t } = useTranslation();
  return (
    <div data-testid="audit-raw">
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('auditScreen.json.title')}
      </Typography.Text>
      <pre className="ml-audit-json">{JSON.stringify(detail, null, 2)}</pre>
    </div>
  );
}
