/** Words governance.ts composes for the teams and org chart pages: a refused reporting cycle with the people named. */
import type { Catalog } from "../../i18n";

type GovernanceKey = "governance.cycle" | "governance.cycleStep";

export const governanceCatalog: Catalog<GovernanceKey> = {
  en: {
    "governance.cycle": "Nothing was changed: {first} would report to {second}{chain}. Reporting lines cannot go round in a circle.",
    "governance.cycleStep": ", who reports to {name}",
  },
  ko: {
    "governance.cycle": "아무것도 바뀌지 않았습니다. {first} → {second}{chain} 순으로 보고가 이어져 원을 그리게 됩니다. 보고 라인은 원을 그릴 수 없습니다.",
    "governance.cycleStep": " → {name}",
  },
  ja: {
    "governance.cycle": "何も変更されていません。{first} → {second}{chain} とレポートが循環してしまいます。レポートラインは循環できません。",
    "governance.cycleStep": " → {name}",
  },
};
