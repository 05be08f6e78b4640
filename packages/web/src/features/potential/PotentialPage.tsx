import { isoDateOf } from '@marketlens/shared';
import { Card, Flex, Skeleton } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAnalysisFilter, usePanelParam, useTableDate } from '../../shared/analysis/index.js';
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
import { defaultConfig, fromPickerPair, type PotentialConfig, withTarget } from './search.js';

registerArea(potentialMessages);

/**
 * Potential Brand (/potential, route id 3): brands that grow fast in categories that grow fast.
 * The search is the URL's `q` (a shared link or a reload runs it again); without one, the user's
 * saved search of the project, else the defaults of docs/product.md §9 — for the URL's shared period
 * `t` when it has one. Searching saves it as the user's last.
 * Endpoints and definitions: docs/pages/potential.md.
 */
export default function PotentialPage() {
  const { t } = useTranslation();
  const title = useRouteTitle('route.potential');
  const { message } = useFeedback();
  const [linked, setLinked] = usePanelParam(POTENTIAL_PARAMS.search);
  const tableDate = useTableDate();
  const { filter, granularity } = useAnalysisFilter();
  const userConfig = useUserConfig();
  const save = useSaveSearch();

  // docs/product.md §4: the default target is the last complete period, not the last with any row.
  const defaults = useMemo(
    () =>
      tableDate.data
        ? defaultConfig(isoDateOf(Date.now()), tableDate.data.last_complete_date ?? tableDate.data.latest_date)
        : null,
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
  const chosen: PotentialConfig | null = linked ?? (settled ? (savedSearch(userConfig.data) ?? defaults) : null);
  // A link with the shared filter's period (`t`, as the other pages write it) and no search of its own
  // searches that period: the target, its benchmark set by the quick selector (search.ts withTarget).
  const search =
    chosen && !linked && filter.date ? withTarget(chosen, fromPickerPair(filter.date, granularity)) : chosen;
  const results = usePotentialBrands(search);

  const run = (next: PotentialConfig) => {
    setLinked(next);
    // docs/product.md §8 "update user config", by the quiet rule; a root or administrator outside the project's
    // members has no config to keep the search in (400), which is no failure of theirs. Any other refusal is
    // told with the server's own words, which say what went wrong.
    save(next).catch((err) => {
      if (!showsQuietFailure(err) || !isApiError(err) || err.status === 400) return;
      const failed = t('potential.config.saveFailed');
      void message.error(err.message ? `${failed}: ${err.message}` : failed);
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
