/** The charts' own words (charts.tsx): the switch that shows a chart's numbers, and the day column. */
import type { Catalog } from "../../i18n";

type ChartsKey = "charts.show" | "charts.hide" | "charts.day";

export const chartsCatalog: Catalog<ChartsKey> = {
  en: { "charts.show": "Show the numbers", "charts.hide": "Hide the numbers", "charts.day": "Day (UTC)" },
  ko: { "charts.show": "숫자 보기", "charts.hide": "숫자 숨기기", "charts.day": "날짜(UTC)" },
  ja: { "charts.show": "数値を表示", "charts.hide": "数値を隠す", "charts.day": "日付（UTC）" },
};
