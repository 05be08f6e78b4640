import { CloudUploadOutlined } from '@ant-design/icons';
import { MAX_UPLOAD_BYTES } from '@marketlens/shared';
import { Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from './feedback.js';

interface Props {
  /** Called with the file as base64: the server reads it (.xlsx, or CSV in UTF-8 or GBK). */
  onFile(base64: string, name: string): void;
  hint?: string;
}

/** A file's bytes as base64 (a data: URL without its prefix). */
function base64Of(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/**
 * Drag-and-drop input for a spreadsheet (.xlsx or CSV). The file goes as base64 to the server, whose
 * one upload reader detects the format and encoding and reports a bad file; nothing is saved until
 * the user confirms. A file over the size limit is refused here already.
 */
export function FilePicker({ onFile, hint }: Props) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  return (
    <Upload.Dragger
      accept=".xlsx,.csv,.txt"
      maxCount={1}
      showUploadList={false}
      beforeUpload={async (file) => {
        if (file.size > MAX_UPLOAD_BYTES) {
          void message.error(t('upload.tooLarge', { max: `${MAX_UPLOAD_BYTES / 1_000_000} MB` }));
          return Upload.LIST_IGNORE;
        }
        onFile(await base64Of(file), file.name);
        return Upload.LIST_IGNORE;
      }}
      data-testid="file-picker"
    >
      <p className="ant-upload-drag-icon">
        <CloudUploadOutlined />
      </p>
      <p className="ant-upload-text">{t('upload.drop')}</p>
      <p className="ant-upload-hint">{hint ?? t('upload.hint')}</p>
    </Upload.Dragger>
  );
}
