/** An app group's data sources (pages/app-data-sources.tsx). */
import type { Catalog } from "../../i18n";

type AppDataSourcesKey =
  | "app-data-sources.region.kr"
  | "app-data-sources.region.sg"
  | "app-data-sources.region.au"
  | "app-data-sources.region.eu-de"
  | "app-data-sources.region.uk"
  | "app-data-sources.region.us-e"
  | "app-data-sources.title"
  | "app-data-sources.connectionStringOf"
  | "app-data-sources.kept"
  | "app-data-sources.connectsWithIt"
  | "app-data-sources.what"
  | "app-data-sources.none"
  | "app-data-sources.noneHint"
  | "app-data-sources.connected"
  | "app-data-sources.suspended"
  | "app-data-sources.disconnected"
  | "app-data-sources.primary"
  | "app-data-sources.managed"
  | "app-data-sources.managedTier"
  | "app-data-sources.purpose.production"
  | "app-data-sources.purpose.staging"
  | "app-data-sources.lastTestPassed"
  | "app-data-sources.notTested"
  | "app-data-sources.deletedForGoodAt"
  | "app-data-sources.testLabel"
  | "app-data-sources.test"
  | "app-data-sources.tested"
  | "app-data-sources.makePrimaryLabel"
  | "app-data-sources.makePrimary"
  | "app-data-sources.disconnectLabel"
  | "app-data-sources.disconnect"
  | "app-data-sources.reconnectLabel"
  | "app-data-sources.reconnect"
  | "app-data-sources.deleteForGood"
  | "app-data-sources.deleted"
  | "app-data-sources.typeToDelete"
  | "app-data-sources.typeToDeleteManaged"
  | "app-data-sources.registerHeading"
  | "app-data-sources.registerHint"
  | "app-data-sources.register"
  | "app-data-sources.registered"
  | "app-data-sources.name"
  | "app-data-sources.connectionString"
  | "app-data-sources.region"
  | "app-data-sources.managedHeading"
  | "app-data-sources.managedHint"
  | "app-data-sources.createDatabase"
  | "app-data-sources.createdDatabase";

export const appDataSourcesCatalog: Catalog<AppDataSourcesKey> = {
  en: {
    "app-data-sources.region.kr": "Korea (kr)",
    "app-data-sources.region.sg": "Singapore (sg)",
    "app-data-sources.region.au": "Australia (au)",
    "app-data-sources.region.eu-de": "Germany (eu-de)",
    "app-data-sources.region.uk": "United Kingdom (uk)",
    "app-data-sources.region.us-e": "US East (us-e)",
    "app-data-sources.title": "Data sources",
    "app-data-sources.connectionStringOf": "Connection string of {name}",
    "app-data-sources.kept": "the password sealed (encrypted), for its own tests",
    "app-data-sources.connectsWithIt": "Your application connects with it.",
    "app-data-sources.what": "the data sources",
    "app-data-sources.none": "No data sources yet.",
    "app-data-sources.noneHint": "Register your own PostgreSQL or create a managed database whose every write is sealed.",
    "app-data-sources.connected": "connected",
    "app-data-sources.suspended": "suspended",
    "app-data-sources.disconnected": "disconnected",
    "app-data-sources.primary": "primary",
    "app-data-sources.managed": "managed",
    "app-data-sources.managedTier": "managed, {tier}",
    "app-data-sources.purpose.production": "production",
    "app-data-sources.purpose.staging": "staging",
    "app-data-sources.lastTestPassed": "Last test passed {time}.",
    "app-data-sources.notTested": "Not tested yet.",
    "app-data-sources.deletedForGoodAt": " Deleted for good {time} unless reconnected.",
    "app-data-sources.testLabel": "Test {name}",
    "app-data-sources.test": "Test",
    "app-data-sources.tested": "Tested.",
    "app-data-sources.makePrimaryLabel": "Make {name} primary",
    "app-data-sources.makePrimary": "Make primary",
    "app-data-sources.disconnectLabel": "Disconnect {name}",
    "app-data-sources.disconnect": "Disconnect",
    "app-data-sources.reconnectLabel": "Reconnect {name}",
    "app-data-sources.reconnect": "Reconnect",
    "app-data-sources.deleteForGood": "Delete for good",
    "app-data-sources.deleted": "Data source deleted.",
    "app-data-sources.typeToDelete": "Type {name} to delete it for good; your passkey confirms it",
    "app-data-sources.typeToDeleteManaged": "Type {name} to delete it for good (the database and its data are dropped); your passkey confirms it",
    "app-data-sources.registerHeading": "Register your PostgreSQL",
    "app-data-sources.registerHint": "Signet connects once to test it, then keeps the password sealed; it is never shown again.",
    "app-data-sources.register": "Register",
    "app-data-sources.registered": "Data source registered.",
    "app-data-sources.name": "Name",
    "app-data-sources.connectionString": "Connection string",
    "app-data-sources.region": "Region",
    "app-data-sources.managedHeading": "Create a managed database",
    "app-data-sources.managedHint": "A PostgreSQL database on this Signet's server, with every write sealed in a tamper-evident log. Needs $5 of prepaid credit.",
    "app-data-sources.createDatabase": "Create database",
    "app-data-sources.createdDatabase": "Database created.",
  },
  ko: {
    "app-data-sources.region.kr": "한국 (kr)",
    "app-data-sources.region.sg": "싱가포르 (sg)",
    "app-data-sources.region.au": "호주 (au)",
    "app-data-sources.region.eu-de": "독일 (eu-de)",
    "app-data-sources.region.uk": "영국 (uk)",
    "app-data-sources.region.us-e": "미국 동부 (us-e)",
    "app-data-sources.title": "데이터 소스",
    "app-data-sources.connectionStringOf": "{name}의 연결 문자열",
    "app-data-sources.kept": "자체 테스트용으로 봉인(암호화)한 비밀번호",
    "app-data-sources.connectsWithIt": "애플리케이션은 이 문자열로 연결합니다.",
    "app-data-sources.what": "데이터 소스",
    "app-data-sources.none": "아직 데이터 소스가 없습니다.",
    "app-data-sources.noneHint": "자체 PostgreSQL을 등록하거나, 모든 쓰기가 봉인되는 관리형 데이터베이스를 만드세요.",
    "app-data-sources.connected": "연결됨",
    "app-data-sources.suspended": "정지됨",
    "app-data-sources.disconnected": "연결 해제됨",
    "app-data-sources.primary": "기본",
    "app-data-sources.managed": "관리형",
    "app-data-sources.managedTier": "관리형, {tier}",
    "app-data-sources.purpose.production": "운영",
    "app-data-sources.purpose.staging": "스테이징",
    "app-data-sources.lastTestPassed": "마지막 테스트 통과: {time}.",
    "app-data-sources.notTested": "아직 테스트하지 않았습니다.",
    "app-data-sources.deletedForGoodAt": " 다시 연결하지 않으면 {time}에 영구 삭제됩니다.",
    "app-data-sources.testLabel": "{name} 테스트",
    "app-data-sources.test": "테스트",
    "app-data-sources.tested": "테스트했습니다.",
    "app-data-sources.makePrimaryLabel": "{name}을(를) 기본으로 지정",
    "app-data-sources.makePrimary": "기본으로 지정",
    "app-data-sources.disconnectLabel": "{name} 연결 해제",
    "app-data-sources.disconnect": "연결 해제",
    "app-data-sources.reconnectLabel": "{name} 다시 연결",
    "app-data-sources.reconnect": "다시 연결",
    "app-data-sources.deleteForGood": "영구 삭제",
    "app-data-sources.deleted": "데이터 소스를 삭제했습니다.",
    "app-data-sources.typeToDelete": "영구 삭제하려면 {name}을(를) 입력하세요. 패스키로 확인합니다",
    "app-data-sources.typeToDeleteManaged": "영구 삭제하려면 {name}을(를) 입력하세요 (데이터베이스와 데이터가 삭제됩니다). 패스키로 확인합니다",
    "app-data-sources.registerHeading": "PostgreSQL 등록",
    "app-data-sources.registerHint": "Signet은 테스트를 위해 한 번 연결한 뒤 비밀번호를 봉인해 보관하며, 다시 표시하지 않습니다.",
    "app-data-sources.register": "등록",
    "app-data-sources.registered": "데이터 소스를 등록했습니다.",
    "app-data-sources.name": "이름",
    "app-data-sources.connectionString": "연결 문자열",
    "app-data-sources.region": "리전",
    "app-data-sources.managedHeading": "관리형 데이터베이스 만들기",
    "app-data-sources.managedHint": "이 Signet 서버의 PostgreSQL 데이터베이스로, 모든 쓰기가 위변조를 알 수 있는 로그에 봉인됩니다. 선불 크레딧 $5가 필요합니다.",
    "app-data-sources.createDatabase": "데이터베이스 만들기",
    "app-data-sources.createdDatabase": "데이터베이스를 만들었습니다.",
  },
  ja: {
    "app-data-sources.region.kr": "韓国 (kr)",
    "app-data-sources.region.sg": "シンガポール (sg)",
    "app-data-sources.region.au": "オーストラリア (au)",
    "app-data-sources.region.eu-de": "ドイツ (eu-de)",
    "app-data-sources.region.uk": "イギリス (uk)",
    "app-data-sources.region.us-e": "米国東部 (us-e)",
    "app-data-sources.title": "データソース",
    "app-data-sources.connectionStringOf": "{name} の接続文字列",
    "app-data-sources.kept": "自身のテスト用に封印 (暗号化) したパスワード",
    "app-data-sources.connectsWithIt": "アプリケーションはこの文字列で接続します。",
    "app-data-sources.what": "データソース",
    "app-data-sources.none": "データソースはまだありません。",
    "app-data-sources.noneHint": "独自の PostgreSQL を登録するか、すべての書き込みが封印されるマネージドデータベースを作成してください。",
    "app-data-sources.connected": "接続中",
    "app-data-sources.suspended": "停止中",
    "app-data-sources.disconnected": "切断済み",
    "app-data-sources.primary": "プライマリ",
    "app-data-sources.managed": "マネージド",
    "app-data-sources.managedTier": "マネージド、{tier}",
    "app-data-sources.purpose.production": "本番",
    "app-data-sources.purpose.staging": "ステージング",
    "app-data-sources.lastTestPassed": "最終テスト成功: {time}。",
    "app-data-sources.notTested": "まだテストしていません。",
    "app-data-sources.deletedForGoodAt": " 再接続しない限り {time} に完全に削除されます。",
    "app-data-sources.testLabel": "{name} をテスト",
    "app-data-sources.test": "テスト",
    "app-data-sources.tested": "テストしました。",
    "app-data-sources.makePrimaryLabel": "{name} をプライマリにする",
    "app-data-sources.makePrimary": "プライマリにする",
    "app-data-sources.disconnectLabel": "{name} を切断",
    "app-data-sources.disconnect": "切断",
    "app-data-sources.reconnectLabel": "{name} を再接続",
    "app-data-sources.reconnect": "再接続",
    "app-data-sources.deleteForGood": "完全に削除",
    "app-data-sources.deleted": "データソースを削除しました。",
    "app-data-sources.typeToDelete": "完全に削除するには {name} と入力してください。パスキーで確認します",
    "app-data-sources.typeToDeleteManaged": "完全に削除するには {name} と入力してください (データベースとデータは削除されます)。パスキーで確認します",
    "app-data-sources.registerHeading": "PostgreSQL を登録",
    "app-data-sources.registerHint": "Signet はテストのために一度接続し、その後パスワードを封印して保持します。再び表示されることはありません。",
    "app-data-sources.register": "登録",
    "app-data-sources.registered": "データソースを登録しました。",
    "app-data-sources.name": "名前",
    "app-data-sources.connectionString": "接続文字列",
    "app-data-sources.region": "リージョン",
    "app-data-sources.managedHeading": "マネージドデータベースを作成",
    "app-data-sources.managedHint": "この Signet のサーバー上の PostgreSQL データベースで、すべての書き込みが改ざん検知可能なログに封印されます。前払いクレジット $5 が必要です。",
    "app-data-sources.createDatabase": "データベースを作成",
    "app-data-sources.createdDatabase": "データベースを作成しました。",
  },
};
