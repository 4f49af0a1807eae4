import { BEDSIDE_TEXT, UI_TEXT, type SurveyListItem } from '@carevoice/shared';
import { Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { defaultRangeExtractor, useWindowVirtualizer, type Range } from '@tanstack/react-virtual';
import { useCallback, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { markedLanguage, ResidentLanguageMark } from '@/components/resident-language-mark';
import { CARD_GRID_OVERSCAN_ROWS } from '@/config/constants';
import { gridColumns, toRows } from '../filter-surveys';
import classes from './survey-card.module.css';

/** Below Mantine's `xs` breakpoint (a phone) four cards would not fit a name. */
const NARROW_SCREEN_QUERY = '(max-width: 35.99em)';
/** First guess of a row's height before it is measured (one line of text plus padding). */
const ROW_HEIGHT_ESTIMATE_PX = 76;
/** Space between rows and between cards (Mantine's `md` spacing). */
const CARD_GAP_PX = 16;

/**
 * The due list's cards, four to a row above three items (spec §2), fewer per row on a phone.
 * Only the rows on screen (plus a few above and below) are in the page, so a list of thousands
 * scrolls smoothly; the page itself scrolls. Cards are buttons: Tab moves through them, and as the
 * browser scrolls a focused card into view the next rows appear. The row holding the focus and
 * its neighbours stay rendered even when scrolled away, so focus is never lost.
 */
export function SurveyCardGrid({
  items,
  onOpen,
}: {
  items: readonly SurveyListItem[];
  onOpen: (item: SurveyListItem) => void;
}) {
  const narrow = useMediaQuery(NARROW_SCREEN_QUERY, false, { getInitialValueInEffect: false });
  const columns = gridColumns(items.length, narrow);
  const rows = useMemo(() => toRows(items, columns), [items, columns]);

  const gridRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  // Where the grid starts on the page, so the virtualizer knows which rows the window shows.
  // Anything above it that grows or shrinks (or a new window width) changes the page's size.
  useLayoutEffect(() => {
    const element = gridRef.current;
    if (!element) return;
    const measure = () =>
      setScrollMargin(Math.round(element.getBoundingClientRect().top + window.scrollY));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  // The focused row and the rows either side of it stay in the page. Focus re-renders at once
  // (a discrete event); scrolling re-renders a frame or more later. So however fast Tab or
  // Shift+Tab is pressed, the next card is already there and focus never leaves the list early.
  const [focusedRow, setFocusedRow] = useState<number | null>(null);
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      if (focusedRow === null) return indexes;
      const kept = [focusedRow - 1, focusedRow, focusedRow + 1].filter(
        (index) => index >= 0 && index < range.count && !indexes.includes(index),
      );
      return kept.length === 0 ? indexes : [...indexes, ...kept].sort((a, b) => a - b);
    },
    [focusedRow],
  );

  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => ROW_HEIGHT_ESTIMATE_PX,
    overscan: CARD_GRID_OVERSCAN_ROWS,
    gap: CARD_GAP_PX,
    scrollMargin,
    rangeExtractor,
    useFlushSync: false,
  });

  return (
    <div
      ref={gridRef}
      data-columns={columns}
      style={{ position: 'relative', width: '100%', height: virtualizer.getTotalSize() }}
    >
      {virtualizer.getVirtualItems().map((virtualRow) => (
        <div
          key={virtualRow.key}
          ref={virtualizer.measureElement}
          data-index={virtualRow.index}
          data-testid="survey-card-row"
          onFocus={() => setFocusedRow(virtualRow.index)}
          style={{
            position: 'absolute',
            top: 0,
            left: 0,
            width: '100%',
            transform: `translateY(${virtualRow.start - scrollMargin}px)`,
            display: 'grid',
            gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
            gap: CARD_GAP_PX,
          }}
        >
          {rows[virtualRow.index]?.map((item) => (
            <SurveyCard key={item.id} item={item} onOpen={onOpen} />
          ))}
        </div>
      ))}
    </div>
  );
}

/**
 * One due survey: 'last, first - due date' (spec §2, UI_TEXT.surveys.card). The date part never
 * breaks inside, so a narrow card wraps between the name and the date. Below it, in words, whether
 * it is overdue or due today, and the resident's preferred language when it is not English
 * (ADR 033): the card's description, not its name.
 */
function SurveyCard({
  item,
  onOpen,
}: {
  item: SurveyListItem;
  onOpen: (item: SurveyListItem) => void;
}) {
  const label = UI_TEXT.surveys.card(item.last_name, item.first_name, item.due_date);
  const dateStart = label.lastIndexOf(` - ${item.due_date}`);
  const markId = useId();
  const languageId = useId();
  const language = markedLanguage(item.preferred_language);
  const today = localToday();
  const mark =
    item.due_date < today
      ? { text: BEDSIDE_TEXT.overdue, className: classes.overdue }
      : item.due_date === today
        ? { text: BEDSIDE_TEXT.dueToday, className: classes.dueToday }
        : null;
  return (
    <UnstyledButton
      className={mark ? `${classes.card} ${mark.className}` : classes.card}
      onClick={() => onOpen(item)}
      aria-describedby={describedBy(mark && markId, language && languageId)}
    >
      <Text component="span" fw={600} c="dark.8">
        {label.slice(0, dateStart)}{' '}
        <span className={classes.date}>{label.slice(dateStart + 1)}</span>
        {(mark || language) && (
          <span className={classes.marks}>
            {mark && (
              // Out of the button's name (the spec's card text), read as its description instead.
              <span id={markId} className={classes.mark} aria-hidden="true">
                {mark.text}
              </span>
            )}
            {language && <ResidentLanguageMark id={languageId} language={language} />}
          </span>
        )}
      </Text>
    </UnstyledButton>
  );
}

/** The ids of a card's marks, for `aria-describedby`; none without marks. */
function describedBy(...ids: (string | false | null)[]): string | undefined {
  const present = ids.filter((id): id is string => typeof id === 'string');
  return present.length > 0 ? present.join(' ') : undefined;
}

/** Today on this device, `yyyy-MM-dd` (the due dates' format). */
function localToday(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
