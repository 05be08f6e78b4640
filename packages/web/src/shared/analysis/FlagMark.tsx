import { ExclamationCircleOutlined } from '@ant-design/icons';
import { FIGURE_FLAGS, type FigureFlag, figureFlags, LOW_BASE_GROWTH } from '@marketlens/shared';
import { Flex, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The flags of a figure as the API sends them: absent, null or empty means none. */
export type FlagList = readonly FigureFlag[] | null | undefined;

/**
 * The `flags` beside a row's `growth` (every answer object with a growth carries them, contracts
 * common.ts FigureFlags). Read through this one accessor so that a row type that does not declare the
 * field yet still shows its marks, and nothing else reads an undeclared field.
 */
export function flagsOf(row: object | null | undefined): FlagList {
  const flags = (row as { flags?: unknown } | null | undefined)?.flags;
  return Array.isArray(flags)
    ? flags.filter((f): f is FigureFlag => (FIGURE_FLAGS as readonly unknown[]).includes(f))
    : undefined;
}

/**
 * The flags to draw beside one growth value: the API's range flags (base or range incomplete hold for
 * every figure of the row) and the low-base mark of this very value by the shared rule, so a row's
 * second growth (a category's beside the brand's) is marked by its own figure, and a "1 529 ×" is never
 * shown bare even where an answer does not carry its flags yet.
 */
export function growthFlags(flags: FlagList, value: number | null | undefined): FigureFlag[] {
  return figureFlags({
    growth: value,
    baseIncomplete: flags?.includes('base_incomplete') ?? false,
    rangeIncomplete: flags?.includes('range_incomplete') ?? false,
  });
}

/**
 * The mark of a growth figure that needs care (docs/metrics.md "Flags"): a warning-coloured "!" whose
 * tooltip names each flag, in the order of FIGURE_FLAGS. Nothing when there is no flag. The mark is
 * focusable and named, so the tooltip's words reach keyboard and screen-reader users too.
 */
export function FlagMark({ flags, testId }: { flags: FlagList; testId?: string }) {
  const { t } = useTranslation();
  const shown = FIGURE_FLAGS.filter((f) => flags?.includes(f));
  if (shown.length === 0) return null;
  // A growth of LOW_BASE_GROWTH means the current figure is (LOW_BASE_GROWTH + 1) times the base.
  const share = `1/${LOW_BASE_GROWTH + 1}`;
  const names = shown.map((f) => t(`analysis.flag.name.${f}`));
  return (
    <Tooltip
      title={
        <Flex vertical gap={4}>
          {shown.map((f, i) => (
            <span key={f}>
              <strong>{names[i]}</strong>: {t(`analysis.flag.about.${f}`, { share })}
            </span>
          ))}
        </Flex>
      }
    >
      <Typography.Text
        type="warning"
        role="img"
        tabIndex={0}
        aria-label={t('analysis.flag.mark', { flags: names.join(', ') })}
        data-testid={testId ?? 'flag-mark'}
        data-flags={shown.join(' ')}
        style={{ cursor: 'help', whiteSpace: 'nowrap', fontSize: 12 }}
      >
        <ExclamationCircleOutlined />
      </Typography.Text>
    </Tooltip>
  );
}

/**
 * A figure followed by its flags' mark, kept on one line (a growth cell, a card's comparison): the
 * figure is never shown bare when it carries a flag, e.g. a "1 529 ×" against a low base.
 */
export function Flagged({ children, flags }: { children: ReactNode; flags: FlagList }) {
  if (!flags?.length) return <>{children}</>;
  return (
    <span style={{ whiteSpace: 'nowrap', display: 'inline-flex', alignItems: 'center', gap: 4 }}>
      {children}
      <FlagMark flags={flags} />
    </span>
  );
}
