import type { Endpoint } from '@marketlens/shared/endpoints';
import { downloadFile } from '../api/download.js';
import type { Params } from '../api/request.js';
import { FileDownloadButton } from '../ui/FileDownloadButton.js';
import { endpointUrl } from './endpoint.js';
import { useProjectId } from './reference.js';
import { useAnalysisFilter } from './useAnalysisFilter.js';
import { analysisBody } from './useAnalysisQuery.js';

export { DOWNLOAD_EMPTY_CODE } from '../ui/FileDownloadButton.js';

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
