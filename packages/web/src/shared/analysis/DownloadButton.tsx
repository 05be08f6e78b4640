import { DownloadOutlined } from '@ant-design/icons';
import type { Endpoint } from '@marketlens/shared/endpoints';
import { Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DownloadedFile, downloadFile, saveBlob } from '../api/download.js';
import { isApiError, type Params } from '../api/request.js';
import { useFeedback } from '../ui/feedback.js';
import { endpointUrl } from './endpoint.js';
import { useProjectId } from './reference.js';
import { useAnalysisFilter } from './useAnalysisFilter.js';
import { analysisBody } from './useAnalysisQuery.js';

export interface DownloadButtonProps {
  /** The file endpoint of the shared tables, e.g. `INSIGHT_ENDPOINTS.topDownload`. */
  endpoint: Endpoint;
  /** The page's own body fields (sort, metric, ids …); the project and the applied filter are added. */
  body?: Params;
  /** The saved file's name; '.xlsx' is appended when missing. */
  fileName: string;
  /** false: send only `body` with the project, without the page filter. */
  withFilter?: boolean;
  disabled?: boolean;
  size?: 'small' | 'middle' | 'large';
}

/** The server's code for "every sheet is empty" (packages/server/src/downloads/xlsx.ts). */
export const DOWNLOAD_EMPTY_CODE = 'download_empty';

/**
 * Downloads an .xlsx made by the server and saves it under `fileName`. Shows the server's "empty
 * download data" message when there is nothing to export, else "download failed". Leaving the page
 * cancels a running download.
 */
export function FileDownloadButton({
  fetchFile,
  fileName,
  disabled,
  size = 'small',
}: {
  fetchFile: (signal: AbortSignal) => Promise<DownloadedFile>;
  fileName: string;
  disabled?: boolean;
  size?: 'small' | 'middle' | 'large';
}) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [busy, setBusy] = useState(false);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const run = async () => {
    if (disabled || busy) return;
    setBusy(true);
    const controller = new AbortController();
    running.current = controller;
    try {
      const file = await fetchFile(controller.signal);
      const name = fileName.endsWith('.xlsx') ? fileName : `${fileName}.xlsx`;
      saveBlob(file.blob, name);
      void message.success(t('analysis.download.done', { name }));
    } catch (err) {
      if (isApiError(err) && err.cancelled) return;
      if (isApiError(err) && err.code === DOWNLOAD_EMPTY_CODE) void message.warning(err.message || t('download.empty'));
      else if (isApiError(err) && err.status === 400 && err.message) void message.error(err.message);
      else void message.error(t('analysis.download.failed'));
    } finally {
      running.current = null;
      setBusy(false);
    }
  };

  return (
    <Button
      size={size}
      icon={<DownloadOutlined />}
      loading={busy}
      disabled={disabled}
      onClick={() => void run()}
      data-testid="download-button"
    >
      {t('analysis.download.button')}
    </Button>
  );
}

/** The download of an analysis endpoint (POST …/downloads) with the project and the page filter. */
export function DownloadButton({
  endpoint,
  body,
  fileName,
  withFilter = true,
  disabled,
  size = 'small',
}: DownloadButtonProps) {
  const projectId = useProjectId();
  const { wire } = useAnalysisFilter();
  const ready = projectId !== undefined && (!withFilter || wire !== undefined);
  return (
    <FileDownloadButton
      fileName={fileName}
      size={size}
      disabled={disabled || !ready}
      fetchFile={(signal) =>
        downloadFile(
          endpointUrl(endpoint),
          withFilter ? analysisBody(projectId!, wire!, body) : { data_scope_id: projectId, ...body },
          signal,
        )
      }
    />
  );
}
