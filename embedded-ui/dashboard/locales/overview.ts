/** The overview page's words: the organization's facts, readiness, the Org Master Seal ceremony and storage. */
import type { Catalog } from "../../i18n";

type OverviewKey =
  | "overview.what"
  | "overview.ready"
  | "overview.notReady"
  | "overview.plan"
  | "overview.yourRole"
  | "overview.type"
  | "overview.orgType.personal"
  | "overview.orgType.corporation"
  | "overview.orgType.project"
  | "overview.address"
  | "overview.created"
  | "overview.readiness"
  | "overview.readyText"
  | "overview.stepsIntro"
  | "overview.stepPasskey"
  | "overview.stepPasskeyWhat"
  | "overview.addPasskeyLink"
  | "overview.askOwner"
  | "overview.stepSeal"
  | "overview.stepSealWhat"
  | "overview.masterSeal"
  | "overview.masterSealWhat"
  | "overview.sealCreatedByOperator"
  | "overview.sealCreatedWithPasskey"
  | "overview.ceremony"
  | "overview.addPasskeyFirst"
  | "overview.createSeal"
  | "overview.noSeal"
  | "overview.onlyOwner"
  | "overview.storage"
  | "overview.storageWhat"
  | "overview.usedUnlimited"
  | "overview.usedOf"
  | "overview.files.one"
  | "overview.files.other"
  | "overview.openFiles"
  | "overview.storageUsed";

export const overviewCatalog: Catalog<OverviewKey> = {
  en: {
    "overview.what": "the organization",
    "overview.ready": "Ready",
    "overview.notReady": "Not ready",
    "overview.plan": "Plan",
    "overview.yourRole": "Your role",
    "overview.type": "Type",
    "overview.orgType.personal": "personal",
    "overview.orgType.corporation": "corporation",
    "overview.orgType.project": "project",
    "overview.address": "Address",
    "overview.created": "Created",
    "overview.readiness": "Readiness",
    "overview.readyText": "The organization has its Master Seal and the owner a passkey: permits, signed tokens and sealed actions all work.",
    "overview.stepsIntro": "The organization becomes ready when these steps are done:",
    "overview.stepPasskey": "The owner registers a passkey",
    "overview.stepPasskeyWhat": "(their Personal Seal).",
    "overview.addPasskeyLink": "Add a passkey on your account page",
    "overview.askOwner": "Ask the owner to add one.",
    "overview.stepSeal": "The owner creates the Org Master Seal",
    "overview.stepSealWhat": ", the organization's signing key, confirmed with their passkey (below).",
    "overview.masterSeal": "Org Master Seal",
    "overview.masterSealWhat": "the Master Seal",
    "overview.sealCreatedByOperator": "Created {time} by the operator. Signing key",
    "overview.sealCreatedWithPasskey": "Created {time} with the owner's passkey. Signing key",
    "overview.ceremony": "The ceremony creates the organization's RS256 signing key, encrypted at rest. Your passkey confirms it; it cannot be undone.",
    "overview.addPasskeyFirst": "Add a passkey to your account first.",
    "overview.createSeal": "Create the Master Seal with my passkey",
    "overview.noSeal": "No Master Seal yet.",
    "overview.onlyOwner": "Only the owner can create it.",
    "overview.storage": "Storage",
    "overview.storageWhat": "storage",
    "overview.usedUnlimited": "{used} used (unlimited plan)",
    "overview.usedOf": "{used} of {limit} used",
    "overview.files.one": "{count} file",
    "overview.files.other": "{count} files",
    "overview.openFiles": "Open files",
    "overview.storageUsed": "Storage used",
  },
  ko: {
    "overview.what": "조직",
    "overview.ready": "준비됨",
    "overview.notReady": "준비 안 됨",
    "overview.plan": "요금제",
    "overview.yourRole": "내 역할",
    "overview.type": "유형",
    "overview.orgType.personal": "개인",
    "overview.orgType.corporation": "법인",
    "overview.orgType.project": "프로젝트(SPV)",
    "overview.address": "주소",
    "overview.created": "생성일",
    "overview.readiness": "준비 상태",
    "overview.readyText": "조직에 마스터 인장이 있고 소유자에게 패스키가 있습니다. 허가, 서명된 토큰, 인장이 필요한 작업을 모두 쓸 수 있습니다.",
    "overview.stepsIntro": "다음 단계를 마치면 조직이 준비됩니다.",
    "overview.stepPasskey": "소유자가 패스키를 등록합니다",
    "overview.stepPasskeyWhat": "(개인 인장).",
    "overview.addPasskeyLink": "계정 페이지에서 패스키 추가",
    "overview.askOwner": "소유자에게 추가해 달라고 요청하세요.",
    "overview.stepSeal": "소유자가 조직 마스터 인장을 만듭니다",
    "overview.stepSealWhat": ". 조직의 서명 키이며, 소유자의 패스키로 확인합니다(아래).",
    "overview.masterSeal": "조직 마스터 인장",
    "overview.masterSealWhat": "마스터 인장",
    "overview.sealCreatedByOperator": "{time}에 운영자가 만들었습니다. 서명 키",
    "overview.sealCreatedWithPasskey": "{time}에 소유자의 패스키로 만들었습니다. 서명 키",
    "overview.ceremony": "이 절차로 조직의 RS256 서명 키를 만들며, 저장 시 암호화됩니다. 내 패스키로 확인하며 되돌릴 수 없습니다.",
    "overview.addPasskeyFirst": "먼저 계정에 패스키를 추가하세요.",
    "overview.createSeal": "내 패스키로 마스터 인장 만들기",
    "overview.noSeal": "아직 마스터 인장이 없습니다.",
    "overview.onlyOwner": "소유자만 만들 수 있습니다.",
    "overview.storage": "저장 공간",
    "overview.storageWhat": "저장 공간",
    "overview.usedUnlimited": "{used} 사용(무제한 요금제)",
    "overview.usedOf": "{limit} 중 {used} 사용",
    "overview.files.one": "파일 {count}개",
    "overview.files.other": "파일 {count}개",
    "overview.openFiles": "파일 열기",
    "overview.storageUsed": "사용한 저장 공간",
  },
  ja: {
    "overview.what": "組織",
    "overview.ready": "準備完了",
    "overview.notReady": "未準備",
    "overview.plan": "プラン",
    "overview.yourRole": "あなたのロール",
    "overview.type": "種類",
    "overview.orgType.personal": "個人",
    "overview.orgType.corporation": "法人",
    "overview.orgType.project": "プロジェクト（SPV）",
    "overview.address": "アドレス",
    "overview.created": "作成日時",
    "overview.readiness": "準備状況",
    "overview.readyText": "組織にはマスターシールがあり、オーナーにはパスキーがあります。許可、署名付きトークン、押印が必要な操作はすべて使えます。",
    "overview.stepsIntro": "次の手順が済むと、組織の準備が整います。",
    "overview.stepPasskey": "オーナーがパスキーを登録する",
    "overview.stepPasskeyWhat": "（個人シール）。",
    "overview.addPasskeyLink": "アカウントページでパスキーを追加",
    "overview.askOwner": "オーナーに追加を依頼してください。",
    "overview.stepSeal": "オーナーが組織マスターシールを作成する",
    "overview.stepSealWhat": "。組織の署名鍵で、オーナーのパスキーで確認します（下記）。",
    "overview.masterSeal": "組織マスターシール",
    "overview.masterSealWhat": "マスターシール",
    "overview.sealCreatedByOperator": "{time} に運用者が作成しました。署名鍵",
    "overview.sealCreatedWithPasskey": "{time} にオーナーのパスキーで作成しました。署名鍵",
    "overview.ceremony": "この手続きで組織の RS256 署名鍵を作成し、保存時に暗号化します。あなたのパスキーで確認し、元に戻すことはできません。",
    "overview.addPasskeyFirst": "先にアカウントにパスキーを追加してください。",
    "overview.createSeal": "自分のパスキーでマスターシールを作成",
    "overview.noSeal": "マスターシールはまだありません。",
    "overview.onlyOwner": "作成できるのはオーナーだけです。",
    "overview.storage": "ストレージ",
    "overview.storageWhat": "ストレージ",
    "overview.usedUnlimited": "{used} 使用中（無制限プラン）",
    "overview.usedOf": "{limit} 中 {used} 使用中",
    "overview.files.one": "{count} ファイル",
    "overview.files.other": "{count} ファイル",
    "overview.openFiles": "ファイルを開く",
    "overview.storageUsed": "ストレージの使用量",
  },
};
