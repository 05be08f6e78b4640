import { type TableColumnType, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import type { CSSProperties, ReactNode } from 'react';
import { columnBudget, cutMiddle, cutText, type DisplayBudget } from './displayText.js';

/** Where a name too long for its room loses characters: its end, or its middle (`cutMiddle`: shop names). */
export type CutAt = 'end' | 'middle';

/**
 * A name cut to a display-length budget (docs/product.md §5) with an ellipsis; when cut, the full text shows in
 * a tooltip on hover and stays in the page for screen readers (the cut form is hidden from them).
 */
export function DisplayText({
  text,
  budget = 'cell',
  cut: at = 'end',
  tip,
  style,
  testId,
}: {
  text: string;
  budget?: DisplayBudget;
  /** 'middle' keeps the start and the distinguishing end ("JD Self-...· Apple Store"). */
  cut?: CutAt;
  /** Shown on hover instead of the full text, cut or not (e.g. a category's path). */
  tip?: ReactNode;
  style?: CSSProperties;
  testId?: string;
}) {
  const shown = at === 'middle' ? cutMiddle(text, budget) : cutText(text, budget);
  // A budget too wide for its room (a font wider than planned) wraps the text rather than overflowing.
  const wrap: CSSProperties = { overflowWrap: 'anywhere', ...style };
  const cut = shown !== text;
  const span = (
    <span style={wrap} data-testid={testId} {...(cut ? { 'data-full-text': text } : {})}>
      {cut ? (
        <>
          <span aria-hidden="true">{shown}</span>
          <span className="ml-sr-only">{text}</span>
        </>
      ) : (
        text
      )}
    </span>
  );
  return cut || tip ? <Tooltip title={tip ?? text}>{span}</Tooltip> : span;
}

/**
 * A table column of names cut to the column's width (or, without a width, to the flexible cell's
 * budget), the full name on hover.
 */
export function nameColumn<T>({
  key,
  title,
  text,
  width,
  cut,
}: {
  key: string;
  title: ReactNode;
  text: (row: T) => string;
  width?: number;
  /** 'middle' for names that differ at their end (shops). */
  cut?: CutAt;
}): TableColumnType<T> {
  const budget = width === undefined ? 'cell' : columnBudget(width);
  return {
    key,
    title,
    ...(width === undefined ? {} : { width }),
    render: (_: unknown, row: T) => <DisplayText text={text(row)} budget={budget} cut={cut} />,
  };
}

/**
 * The e-mail and enterprise columns of a list of people (the accounts list, a project's members):
 * cut to their widths, the full text on hover. An e-mail is kept on one line (`nowrap`), never
 * broken at its hyphens or dots: it is cut with an ellipsis instead.
 */
export function contactColumns<T extends { email: string; enterprise: string }>(
  t: TFunction,
  widths: { email: number; enterprise: number },
): TableColumnType<T>[] {
  return [
    {
      key: 'email',
      title: t('account.email'),
      width: widths.email,
      render: (_: unknown, row: T) => (
        <DisplayText text={row.email} budget={columnBudget(widths.email)} style={{ whiteSpace: 'nowrap' }} />
      ),
    },
    nameColumn<T>({
      key: 'enterprise',
      title: t('account.enterprise'),
      text: (row) => row.enterprise,
      width: widths.enterprise,
    }),
  ];
}
