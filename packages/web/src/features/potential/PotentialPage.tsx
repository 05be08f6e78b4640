import { isoDateOf } from '@marketlens/shared';
import { Card, Flex, Skeleton } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { usePanelParam, useTableDate } from '../../shared/analysis/index.js';
import { showsQuietFailure } from '../../shared/api/quiet.js';
import { isApiError } from '../../shared/api/request.js';
import { registerArea } from '../../shared/i18n/index.js';
import { useRouteTitle } from '../../shared/i18n/title.js';
import { useFeedback } from '../../shared/ui/feedback.js';
import { PageFrame } from '../../shared/ui/PageFrame.js';
import { savedSearch, usePotentialBrands, useSaveSearch, useUserConfig } from './data.js';
import { potentialMessages } from './messages.js';
import { POTENTIAL_PARAMS } from './params.js';
import { ResultsPanel } from './ResultsPanel.js';
import { SearchForm } from './SearchForm.js';
import { defaultConfig, type PotentialConfig } from './search.js';

registerArea(potentialMessages);

/**
 * Potential Brand (/potential, route id 3): brands that grow fast in categories that grow fast.
 * The search is the URL's `q` (a shared link or a reload runs it again); without one, the user's
 * saved search of the project, else the defaults of docs/product.md §9. Searching saves it as the user's last.
 * Endpoints and definitions: docs/pages/potential.md.
 */
export default function PotentialPage() {
  const { t } = useTranslation();
  const title = useRouteTitle('route.potential');
  const { message } = useFeedback();
  const [linked, setLinked] = usePanelParam(POTENTIAL_PARAMS.search);
  const tableDate = useTableDate();
  const userConfig = useUserConfig();
  const save = useSaveSearch();

  const defaults = useMemo(
    () => (tableDate.data ? defaultConfig(isoDateOf(Date.now()), tableDate.data.latest_date) : null),
    [tableDate.data],
  );
  // docs/product.md §8: "read potential config" failed — say so once (by the quiet rule), and search with the defaults.
  const told = useRef(false);
  useEffect(() => {
    if (userConfig.isError && !told.current) {
      told.current = true;
      if (showsQuietFailure(userConfig.error)) void message.warning(t('potential.config.readFailed'));
    }
  }, [userConfig.isError, userConfig.error, message, t]);
  const settled = userConfig.isSuccess || userConfig.isError;
  const search: PotentialConfig | null = linked ?? (settled ? (savedSearch(userConfig.data) ?? defaults) : null);
  const results = usePotentialBrands(search);

  const run = (next: PotentialConfig) => {
    setLinked(next);
    // docs/product.md §8 "update user config", by the quiet rule; a root or administrator outside the project's
    // members has no config to keep the search in (400), which is no failure of theirs.
    save(next).catch((err) => {
      if (showsQuietFailure(err) && !(isApiError(err) && err.status === 400)) {
        void message.error(t('potential.config.saveFailed'));
      }
    });
  };

  return (
    <PageFrame title={title} subtitle={t('potential.subtitle')} bare>
      <Flex vertical gap={16} data-testid="potential-page">
        {search && defaults ? (
          // A new search from the URL (Back, a link) starts the form over from it.
          <SearchForm
            key={JSON.stringify(search)}
            initial={search}
            defaults={defaults}
            busy={results.isFetching}
            onSearch={run}
          />
        ) : (
          <Card variant="borderless" data-testid="potential-loading">
            <Skeleton active paragraph={{ rows: 4 }} />
          </Card>
        )}
        {search && <ResultsPanel search={search} query={results} />}
      </Flex>
    </PageFrame>
  );
}
