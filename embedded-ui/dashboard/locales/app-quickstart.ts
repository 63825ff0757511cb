/** An application's quickstarts' words (pages/app-quickstart.tsx; the snippets themselves are code). */
import type { Catalog } from "../../i18n";

type AppQuickstartKey =
  | "app-quickstart.summary"
  | "app-quickstart.tabs"
  | "app-quickstart.copySnippet"
  | "app-quickstart.title.node"
  | "app-quickstart.title.python"
  | "app-quickstart.title.go"
  | "app-quickstart.title.beacon"
  | "app-quickstart.title.hosted-login"
  | "app-quickstart.title.m2m"
  | "app-quickstart.explanation.node"
  | "app-quickstart.explanation.python"
  | "app-quickstart.explanation.go"
  | "app-quickstart.explanation.beacon"
  | "app-quickstart.explanation.hosted-login"
  | "app-quickstart.explanation.m2m";

export const appQuickstartCatalog: Catalog<AppQuickstartKey> = {
  en: {
    "app-quickstart.summary": "Quickstart for {name}",
    "app-quickstart.tabs": "Quickstarts for {name}",
    "app-quickstart.copySnippet": "Copy the {language} snippet",
    "app-quickstart.title.node": "Verify a token in Node",
    "app-quickstart.title.python": "Verify a token in Python",
    "app-quickstart.title.go": "Verify a token in Go",
    "app-quickstart.title.beacon": "Analytics beacon",
    "app-quickstart.title.hosted-login": "Hosted login",
    "app-quickstart.title.m2m": "Machine-to-machine token",
    "app-quickstart.explanation.node": "Check an end user's access token on your backend with jose and the organization's JWKS.",
    "app-quickstart.explanation.python": "The same check with PyJWT.",
    "app-quickstart.explanation.go": "The same check with golang-jwt and keyfunc.",
    "app-quickstart.explanation.beacon": "Page views, time on page and custom events; the page's origin must be an allowed origin.",
    "app-quickstart.explanation.hosted-login": "Sign end users in on Signet's page and trade the code it returns.",
    "app-quickstart.explanation.m2m": "Exchange an organization API key for a short-lived bearer token.",
  },
  ko: {
    "app-quickstart.summary": "{name} 빠른 시작",
    "app-quickstart.tabs": "{name} 빠른 시작 목록",
    "app-quickstart.copySnippet": "{language} 코드 복사",
    "app-quickstart.title.node": "Node에서 토큰 검증",
    "app-quickstart.title.python": "Python에서 토큰 검증",
    "app-quickstart.title.go": "Go에서 토큰 검증",
    "app-quickstart.title.beacon": "분석 비콘",
    "app-quickstart.title.hosted-login": "호스팅 로그인",
    "app-quickstart.title.m2m": "머신 간(M2M) 토큰",
    "app-quickstart.explanation.node": "백엔드에서 jose와 조직의 JWKS로 최종 사용자의 액세스 토큰을 확인합니다.",
    "app-quickstart.explanation.python": "PyJWT로 같은 확인을 합니다.",
    "app-quickstart.explanation.go": "golang-jwt와 keyfunc로 같은 확인을 합니다.",
    "app-quickstart.explanation.beacon": "페이지 조회, 페이지 체류 시간, 사용자 지정 이벤트를 기록합니다. 페이지의 오리진은 허용 오리진이어야 합니다.",
    "app-quickstart.explanation.hosted-login": "Signet 페이지에서 최종 사용자를 로그인시키고 돌려받은 코드를 교환합니다.",
    "app-quickstart.explanation.m2m": "조직 API 키를 수명이 짧은 Bearer 토큰으로 교환합니다.",
  },
  ja: {
    "app-quickstart.summary": "{name} のクイックスタート",
    "app-quickstart.tabs": "{name} のクイックスタート一覧",
    "app-quickstart.copySnippet": "{language} のコードをコピー",
    "app-quickstart.title.node": "Node でトークンを検証",
    "app-quickstart.title.python": "Python でトークンを検証",
    "app-quickstart.title.go": "Go でトークンを検証",
    "app-quickstart.title.beacon": "分析ビーコン",
    "app-quickstart.title.hosted-login": "ホスト型ログイン",
    "app-quickstart.title.m2m": "マシン間 (M2M) トークン",
    "app-quickstart.explanation.node": "バックエンドで jose と組織の JWKS を使い、エンドユーザーのアクセストークンを確認します。",
    "app-quickstart.explanation.python": "PyJWT で同じ確認をします。",
    "app-quickstart.explanation.go": "golang-jwt と keyfunc で同じ確認をします。",
    "app-quickstart.explanation.beacon": "ページビュー、滞在時間、カスタムイベントを記録します。ページのオリジンは許可済みのオリジンである必要があります。",
    "app-quickstart.explanation.hosted-login": "Signet のページでエンドユーザーをサインインさせ、返されたコードを交換します。",
    "app-quickstart.explanation.m2m": "組織の API キーを短命の Bearer トークンに交換します。",
  },
};
