/** The analytics page's words: sign-ins, sign-in failures and the beacon's pages, with the windows explained. */
import type { Catalog } from "../../i18n";

type AnalyticsKey =
  | "analytics.title"
  | "analytics.needsScope"
  | "analytics.needsScopeHint"
  | "analytics.filters"
  | "analytics.appGroup"
  | "analytics.everyAppGroup"
  | "analytics.window"
  | "analytics.window.3"
  | "analytics.window.7"
  | "analytics.window.30"
  | "analytics.window.90"
  | "analytics.signInWhat"
  | "analytics.outcomesWhat"
  | "analytics.pagesWhat"
  | "analytics.new"
  | "analytics.change"
  | "analytics.days.one"
  | "analytics.days.other"
  | "analytics.utcDays"
  | "analytics.signInsWord"
  | "analytics.cover"
  | "analytics.coverClamped"
  | "analytics.rawDays"
  | "analytics.hotFallback"
  | "analytics.failuresByReasonWord"
  | "analytics.and"
  | "analytics.pageAnalyticsWord"
  | "analytics.rollupsOnly"
  | "analytics.signIns"
  | "analytics.mau"
  | "analytics.dau"
  | "analytics.logins"
  | "analytics.signups"
  | "analytics.activeNote"
  | "analytics.noSignIns"
  | "analytics.noSignInsHint"
  | "analytics.signInsChart"
  | "analytics.activeUsersDau"
  | "analytics.byMethod"
  | "analytics.signInsSeries"
  | "analytics.noIps"
  | "analytics.topIps"
  | "analytics.ipAddress"
  | "analytics.attempts"
  | "analytics.distinctUsers"
  | "analytics.failuresTitle"
  | "analytics.noRollup"
  | "analytics.noRollupHint"
  | "analytics.attemptCount.one"
  | "analytics.attemptCount.other"
  | "analytics.failureCount.one"
  | "analytics.failureCount.other"
  | "analytics.failureTotals"
  | "analytics.failuresChart"
  | "analytics.failures"
  | "analytics.failuresByReason"
  | "analytics.noFailures"
  | "analytics.pagesTitle"
  | "analytics.collectionOff"
  | "analytics.noPages"
  | "analytics.noPagesHint"
  | "analytics.pageViews"
  | "analytics.visitors"
  | "analytics.signedInVisitors"
  | "analytics.noDwell"
  | "analytics.avgDwell"
  | "analytics.visitorsNote"
  | "analytics.viewsChart"
  | "analytics.topPages"
  | "analytics.views"
  | "analytics.topPagesDwell"
  | "analytics.page"
  | "analytics.avgTimeOnPage"
  | "analytics.seconds"
  | "analytics.referrers"
  | "analytics.domain"
  | "analytics.utmSources"
  | "analytics.source"
  | "analytics.countries"
  | "analytics.country"
  | "analytics.customEvents"
  | "analytics.events"
  | "analytics.noCustomEvents";

export const analyticsCatalog: Catalog<AnalyticsKey> = {
  en: {
    "analytics.title": "Analytics",
    "analytics.needsScope": "Analytics need the org.analytics.read scope.",
    "analytics.needsScopeHint": "The owner and admins hold it; the owner can grant it to a custom role on the Roles page.",
    "analytics.filters": "What to show",
    "analytics.appGroup": "App group",
    "analytics.everyAppGroup": "Every app group",
    "analytics.window": "Window",
    "analytics.window.3": "Last 3 days",
    "analytics.window.7": "Last 7 days",
    "analytics.window.30": "Last 30 days",
    "analytics.window.90": "Last 90 days",
    "analytics.signInWhat": "sign-in analytics",
    "analytics.outcomesWhat": "sign-in outcomes",
    "analytics.pagesWhat": "page analytics",
    "analytics.new": "new",
    "analytics.change": "{percent} on the window before",
    "analytics.days.one": "{count} day",
    "analytics.days.other": "{count} days",
    "analytics.utcDays": "Days are UTC days.",
    "analytics.signInsWord": "Sign-ins",
    "analytics.cover": " cover the {days} ending today.",
    "analytics.coverClamped": " cover the {days} ending today: without the Audit Analytics add-on sign-in reports are limited to {freeDays}, so the {requested} you chose were cut to {count}. The owner can enable the add-on on the Billing page.",
    "analytics.rawDays": "The last {freeDays} come from the raw sign-ins; older days from the sealed daily rollups{fallback}.",
    "analytics.hotFallback": " where they exist (some days were read from the raw sign-ins instead)",
    "analytics.failuresByReasonWord": "Failures by reason",
    "analytics.and": " and ",
    "analytics.pageAnalyticsWord": "page analytics",
    "analytics.rollupsOnly": " come only from sealed daily rollups of completed days (built hourly, about 20 minutes past each hour): today is not in them yet. Page analytics have no add-on limit.",
    "analytics.signIns": "Sign-ins",
    "analytics.mau": "Active users (MAU)",
    "analytics.dau": "Active today (DAU)",
    "analytics.logins": "Logins",
    "analytics.signups": "Sign-ups",
    "analytics.activeNote": "Active users are distinct end users who signed in within the window; the “window before” is the same number of days just before it.",
    "analytics.noSignIns": "No sign-ins in this window.",
    "analytics.noSignInsHint": "Add the hosted login or an SDK to an application (Apps → Quickstart) and sign-ins appear here.",
    "analytics.signInsChart": "Logins, active users and sign-ups per day",
    "analytics.activeUsersDau": "Active users (DAU)",
    "analytics.byMethod": "Successful sign-ins by method",
    "analytics.signInsSeries": "Sign-ins",
    "analytics.noIps": "No sign-in attempts from a known address in this window.",
    "analytics.topIps": "Top IP addresses",
    "analytics.ipAddress": "IP address",
    "analytics.attempts": "Attempts",
    "analytics.distinctUsers": "Distinct users",
    "analytics.failuresTitle": "Sign-in failures",
    "analytics.noRollup": "No sealed sign-in rollup covers these days yet.",
    "analytics.noRollupHint": "Rollups are built for completed UTC days with sign-ins; come back after the first full day.",
    "analytics.attemptCount.one": "{count} attempt",
    "analytics.attemptCount.other": "{count} attempts",
    "analytics.failureCount.one": "{count} failure",
    "analytics.failureCount.other": "{count} failures",
    "analytics.failureTotals": "{attempts}, {failures} ({rate}%) over {days} with a rollup.",
    "analytics.failuresChart": "Logins and failures per day",
    "analytics.failures": "Failures",
    "analytics.failuresByReason": "Failures by reason",
    "analytics.noFailures": "No failures.",
    "analytics.pagesTitle": "Pages (the beacon)",
    "analytics.collectionOff": "Collection is off for {names}: the beacon's events there are discarded.",
    "analytics.noPages": "No page analytics yet.",
    "analytics.noPagesHint": "Add the beacon snippet to your site (Apps → an application → Quickstart); the first rollup appears after the first complete UTC day.",
    "analytics.pageViews": "Page views",
    "analytics.visitors": "Visitors (at most)",
    "analytics.signedInVisitors": "Signed-in visitors (at most)",
    "analytics.noDwell": "No page was left with a timing yet, so there is no average time on page.",
    "analytics.avgDwell": "Average time on a page: {seconds} s.",
    "analytics.visitorsNote": "Visitors are counted per day, so over several days their sum is a ceiling; views and time on page are exact.",
    "analytics.viewsChart": "Page views and visitors per day",
    "analytics.topPages": "Top pages",
    "analytics.views": "Views",
    "analytics.topPagesDwell": "Top pages with time on page",
    "analytics.page": "Page",
    "analytics.avgTimeOnPage": "Average time on page",
    "analytics.seconds": "{seconds} s",
    "analytics.referrers": "Referrer domains",
    "analytics.domain": "Domain",
    "analytics.utmSources": "Campaign sources (utm_source)",
    "analytics.source": "Source",
    "analytics.countries": "Countries",
    "analytics.country": "Country",
    "analytics.customEvents": "Custom events (signet.track)",
    "analytics.events": "Events",
    "analytics.noCustomEvents": "No custom events yet: call signet.track(\"name\", data) on your pages to count them here.",
  },
  ko: {
    "analytics.title": "분석",
    "analytics.needsScope": "분석을 보려면 org.analytics.read 스코프가 필요합니다.",
    "analytics.needsScopeHint": "소유자와 관리자가 갖고 있으며, 소유자는 역할 페이지에서 사용자 지정 역할에 줄 수 있습니다.",
    "analytics.filters": "표시할 내용",
    "analytics.appGroup": "앱 그룹",
    "analytics.everyAppGroup": "모든 앱 그룹",
    "analytics.window": "기간",
    "analytics.window.3": "최근 3일",
    "analytics.window.7": "최근 7일",
    "analytics.window.30": "최근 30일",
    "analytics.window.90": "최근 90일",
    "analytics.signInWhat": "로그인 분석",
    "analytics.outcomesWhat": "로그인 결과",
    "analytics.pagesWhat": "페이지 분석",
    "analytics.new": "신규",
    "analytics.change": "직전 기간 대비 {percent}",
    "analytics.days.one": "{count}일",
    "analytics.days.other": "{count}일",
    "analytics.utcDays": "날짜는 UTC 기준입니다.",
    "analytics.signInsWord": "로그인",
    "analytics.cover": "은 오늘까지 {days}을 다룹니다.",
    "analytics.coverClamped": "은 오늘까지 {days}을 다룹니다. 감사 분석 애드온이 없으면 로그인 보고서는 {freeDays}로 제한되므로, 선택한 {requested}일이 {count}일로 줄었습니다. 소유자가 결제 페이지에서 애드온을 켤 수 있습니다.",
    "analytics.rawDays": "최근 {freeDays}은 원본 로그인 기록에서, 그 이전 날짜는 봉인된 일별 롤업{fallback}에서 가져옵니다.",
    "analytics.hotFallback": "(있는 경우. 일부 날짜는 원본 로그인 기록에서 대신 읽었습니다)",
    "analytics.failuresByReasonWord": "사유별 실패",
    "analytics.and": "와 ",
    "analytics.pageAnalyticsWord": "페이지 분석",
    "analytics.rollupsOnly": "은 완료된 날의 봉인된 일별 롤업(매시 20분경 생성)에서만 가져오므로 오늘은 아직 들어 있지 않습니다. 페이지 분석에는 애드온 제한이 없습니다.",
    "analytics.signIns": "로그인",
    "analytics.mau": "활성 사용자(MAU)",
    "analytics.dau": "오늘 활성(DAU)",
    "analytics.logins": "로그인 수",
    "analytics.signups": "가입",
    "analytics.activeNote": "활성 사용자는 기간 안에 로그인한 서로 다른 최종 사용자이며, “직전 기간”은 바로 앞의 같은 일수입니다.",
    "analytics.noSignIns": "이 기간에 로그인이 없습니다.",
    "analytics.noSignInsHint": "애플리케이션에 호스팅 로그인이나 SDK를 추가하면(앱 → 빠른 시작) 여기에 로그인이 표시됩니다.",
    "analytics.signInsChart": "일별 로그인, 활성 사용자, 가입",
    "analytics.activeUsersDau": "활성 사용자(DAU)",
    "analytics.byMethod": "방식별 성공한 로그인",
    "analytics.signInsSeries": "로그인",
    "analytics.noIps": "이 기간에 알려진 주소에서 온 로그인 시도가 없습니다.",
    "analytics.topIps": "상위 IP 주소",
    "analytics.ipAddress": "IP 주소",
    "analytics.attempts": "시도",
    "analytics.distinctUsers": "사용자 수",
    "analytics.failuresTitle": "로그인 실패",
    "analytics.noRollup": "아직 이 날짜들을 다루는 봉인된 로그인 롤업이 없습니다.",
    "analytics.noRollupHint": "롤업은 로그인이 있었던 완료된 UTC 날짜에 대해 만들어집니다. 첫 하루가 지난 뒤 다시 확인하세요.",
    "analytics.attemptCount.one": "시도 {count}회",
    "analytics.attemptCount.other": "시도 {count}회",
    "analytics.failureCount.one": "실패 {count}회",
    "analytics.failureCount.other": "실패 {count}회",
    "analytics.failureTotals": "롤업이 있는 {days} 동안 {attempts}, {failures}({rate}%).",
    "analytics.failuresChart": "일별 로그인과 실패",
    "analytics.failures": "실패",
    "analytics.failuresByReason": "사유별 실패",
    "analytics.noFailures": "실패가 없습니다.",
    "analytics.pagesTitle": "페이지(비콘)",
    "analytics.collectionOff": "{names}은(는) 수집이 꺼져 있어 그곳의 비콘 이벤트는 버려집니다.",
    "analytics.noPages": "아직 페이지 분석이 없습니다.",
    "analytics.noPagesHint": "사이트에 비콘 스니펫을 추가하세요(앱 → 애플리케이션 → 빠른 시작). 첫 롤업은 첫 UTC 하루가 끝난 뒤 나타납니다.",
    "analytics.pageViews": "페이지 조회",
    "analytics.visitors": "방문자(최대)",
    "analytics.signedInVisitors": "로그인한 방문자(최대)",
    "analytics.noDwell": "아직 체류 시간이 기록된 페이지가 없어 평균 체류 시간이 없습니다.",
    "analytics.avgDwell": "페이지 평균 체류 시간: {seconds}초.",
    "analytics.visitorsNote": "방문자는 날마다 세므로 여러 날의 합은 상한값입니다. 조회 수와 체류 시간은 정확합니다.",
    "analytics.viewsChart": "일별 페이지 조회와 방문자",
    "analytics.topPages": "상위 페이지",
    "analytics.views": "조회",
    "analytics.topPagesDwell": "상위 페이지와 체류 시간",
    "analytics.page": "페이지",
    "analytics.avgTimeOnPage": "평균 체류 시간",
    "analytics.seconds": "{seconds}초",
    "analytics.referrers": "유입 도메인",
    "analytics.domain": "도메인",
    "analytics.utmSources": "캠페인 소스(utm_source)",
    "analytics.source": "소스",
    "analytics.countries": "국가",
    "analytics.country": "국가",
    "analytics.customEvents": "사용자 지정 이벤트(signet.track)",
    "analytics.events": "이벤트",
    "analytics.noCustomEvents": "아직 사용자 지정 이벤트가 없습니다. 페이지에서 signet.track(\"name\", data)을 호출하면 여기에 집계됩니다.",
  },
  ja: {
    "analytics.title": "分析",
    "analytics.needsScope": "分析には org.analytics.read スコープが必要です。",
    "analytics.needsScopeHint": "オーナーと管理者が持っています。オーナーはロールページでカスタムロールに付与できます。",
    "analytics.filters": "表示する内容",
    "analytics.appGroup": "アプリグループ",
    "analytics.everyAppGroup": "すべてのアプリグループ",
    "analytics.window": "期間",
    "analytics.window.3": "過去 3 日間",
    "analytics.window.7": "過去 7 日間",
    "analytics.window.30": "過去 30 日間",
    "analytics.window.90": "過去 90 日間",
    "analytics.signInWhat": "サインイン分析",
    "analytics.outcomesWhat": "サインインの結果",
    "analytics.pagesWhat": "ページ分析",
    "analytics.new": "新規",
    "analytics.change": "前の期間比 {percent}",
    "analytics.days.one": "{count} 日",
    "analytics.days.other": "{count} 日",
    "analytics.utcDays": "日付は UTC の日です。",
    "analytics.signInsWord": "サインイン",
    "analytics.cover": "は今日までの {days}間が対象です。",
    "analytics.coverClamped": "は今日までの {days}間が対象です。監査分析アドオンがない場合、サインインのレポートは {freeDays}間に制限されるため、選んだ {requested} 日は {count} 日に短縮されました。オーナーは請求ページでアドオンを有効にできます。",
    "analytics.rawDays": "直近 {freeDays}間は生のサインイン記録から、それより前の日は押印済みの日次ロールアップ{fallback}から取得します。",
    "analytics.hotFallback": "（ある場合。一部の日は代わりに生のサインイン記録から読みました）",
    "analytics.failuresByReasonWord": "理由別の失敗",
    "analytics.and": "と",
    "analytics.pageAnalyticsWord": "ページ分析",
    "analytics.rollupsOnly": "は、完了した日の押印済み日次ロールアップ（毎時 20 分ごろに作成）だけから取得するため、今日の分はまだ含まれません。ページ分析にはアドオンの制限はありません。",
    "analytics.signIns": "サインイン",
    "analytics.mau": "アクティブユーザー（MAU）",
    "analytics.dau": "本日のアクティブ（DAU）",
    "analytics.logins": "ログイン数",
    "analytics.signups": "新規登録",
    "analytics.activeNote": "アクティブユーザーは期間内にサインインした異なるエンドユーザーの数です。「前の期間」は直前の同じ日数です。",
    "analytics.noSignIns": "この期間のサインインはありません。",
    "analytics.noSignInsHint": "アプリケーションにホスト型ログインか SDK を追加すると（アプリ → クイックスタート）、ここにサインインが表示されます。",
    "analytics.signInsChart": "日別のログイン、アクティブユーザー、新規登録",
    "analytics.activeUsersDau": "アクティブユーザー（DAU）",
    "analytics.byMethod": "方式別の成功したサインイン",
    "analytics.signInsSeries": "サインイン",
    "analytics.noIps": "この期間、既知のアドレスからのサインイン試行はありません。",
    "analytics.topIps": "上位の IP アドレス",
    "analytics.ipAddress": "IP アドレス",
    "analytics.attempts": "試行",
    "analytics.distinctUsers": "ユーザー数",
    "analytics.failuresTitle": "サインインの失敗",
    "analytics.noRollup": "これらの日を対象とする押印済みのサインインロールアップはまだありません。",
    "analytics.noRollupHint": "ロールアップはサインインのあった完了済みの UTC の日ごとに作成されます。最初の 1 日が終わってから確認してください。",
    "analytics.attemptCount.one": "試行 {count} 回",
    "analytics.attemptCount.other": "試行 {count} 回",
    "analytics.failureCount.one": "失敗 {count} 回",
    "analytics.failureCount.other": "失敗 {count} 回",
    "analytics.failureTotals": "ロールアップのある {days}間で {attempts}、{failures}（{rate}%）。",
    "analytics.failuresChart": "日別のログインと失敗",
    "analytics.failures": "失敗",
    "analytics.failuresByReason": "理由別の失敗",
    "analytics.noFailures": "失敗はありません。",
    "analytics.pagesTitle": "ページ（ビーコン）",
    "analytics.collectionOff": "{names} では収集がオフのため、そこでのビーコンのイベントは破棄されます。",
    "analytics.noPages": "ページ分析はまだありません。",
    "analytics.noPagesHint": "サイトにビーコンのスニペットを追加してください（アプリ → アプリケーション → クイックスタート）。最初のロールアップは UTC の最初の 1 日が終わった後に表示されます。",
    "analytics.pageViews": "ページビュー",
    "analytics.visitors": "訪問者（最大）",
    "analytics.signedInVisitors": "サインイン済みの訪問者（最大）",
    "analytics.noDwell": "滞在時間が記録されたページがまだないため、平均滞在時間はありません。",
    "analytics.avgDwell": "ページの平均滞在時間: {seconds} 秒。",
    "analytics.visitorsNote": "訪問者は日ごとに数えるため、複数日の合計は上限値です。ビュー数と滞在時間は正確です。",
    "analytics.viewsChart": "日別のページビューと訪問者",
    "analytics.topPages": "上位のページ",
    "analytics.views": "ビュー",
    "analytics.topPagesDwell": "上位のページと滞在時間",
    "analytics.page": "ページ",
    "analytics.avgTimeOnPage": "平均滞在時間",
    "analytics.seconds": "{seconds} 秒",
    "analytics.referrers": "参照元ドメイン",
    "analytics.domain": "ドメイン",
    "analytics.utmSources": "キャンペーンのソース（utm_source）",
    "analytics.source": "ソース",
    "analytics.countries": "国",
    "analytics.country": "国",
    "analytics.customEvents": "カスタムイベント（signet.track）",
    "analytics.events": "イベント",
    "analytics.noCustomEvents": "カスタムイベントはまだありません。ページで signet.track(\"name\", data) を呼ぶと、ここで集計されます。",
  },
};
