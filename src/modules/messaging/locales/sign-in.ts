/** Sign-in mails and texted codes: dashboard and end-user magic links, end-user SMS codes, organization OTPs. */
import type { MailTemplate, TextTemplate } from "../compose";

export const accountMagicLinkMail: MailTemplate = {
  en: {
    subject: "Sign in to Signet",
    text: "Open this link to sign in to Signet:\n\n{link}\n\nIt works once and expires in {minutes} minutes.\nIf you did not ask to sign in, ignore this mail: nothing happens without the link.",
  },
  ko: {
    subject: "Signet 로그인",
    text: "아래 링크를 열어 Signet에 로그인하세요:\n\n{link}\n\n이 링크는 한 번만 사용할 수 있으며 {minutes}분 후에 만료됩니다.\n로그인을 요청하지 않았다면 이 메일을 무시하세요. 링크를 열지 않으면 아무 일도 일어나지 않습니다.",
  },
  ja: {
    subject: "Signet へのサインイン",
    text: "次のリンクを開いて Signet にサインインしてください:\n\n{link}\n\nこのリンクは 1 回だけ使え、{minutes} 分で期限切れになります。\nサインインをリクエストしていない場合は、このメールを無視してください。リンクを開かない限り何も起こりません。",
  },
};

export const endUserMagicLinkMail: MailTemplate = {
  en: {
    subject: "Sign in to {app}",
    text: "Open this link to sign in to {app}:\n\n{link}\n\nIt works once and expires in {minutes} minutes.\nIf you did not ask to sign in, ignore this mail: nothing happens without the link.",
  },
  ko: {
    subject: "{app} 로그인",
    text: "아래 링크를 열어 {app}에 로그인하세요:\n\n{link}\n\n이 링크는 한 번만 사용할 수 있으며 {minutes}분 후에 만료됩니다.\n로그인을 요청하지 않았다면 이 메일을 무시하세요. 링크를 열지 않으면 아무 일도 일어나지 않습니다.",
  },
  ja: {
    subject: "{app} へのサインイン",
    text: "次のリンクを開いて {app} にサインインしてください:\n\n{link}\n\nこのリンクは 1 回だけ使え、{minutes} 分で期限切れになります。\nサインインをリクエストしていない場合は、このメールを無視してください。リンクを開かない限り何も起こりません。",
  },
};

/** No brand name: nobody can put their own words into an SMS (spec §8 codes-only texts). */
export const endUserSignInCodeText: TextTemplate = {
  en: { text: "{code} is your sign-in code. It expires in {minutes} minutes." },
  ko: { text: "로그인 코드는 {code}입니다. {minutes}분 후에 만료됩니다." },
  ja: { text: "サインインコードは {code} です。{minutes} 分で期限切れになります。" },
};

export const orgPhoneCodeText: TextTemplate = {
  en: { text: "Your Signet verification code is {code}. It expires in {minutes} minutes." },
  ko: { text: "Signet 인증 코드는 {code}입니다. {minutes}분 후에 만료됩니다." },
  ja: { text: "Signet の確認コードは {code} です。{minutes} 分で期限切れになります。" },
};

export const orgEmailCodeMail: MailTemplate = {
  en: {
    subject: "Your Signet verification code",
    text: 'Your verification code is {code}. It expires in {minutes} minutes.\n\nIt confirms this address as the contact address of the organization "{org}" on Signet. If you did not expect it, ignore this message.',
  },
  ko: {
    subject: "Signet 인증 코드",
    text: "인증 코드는 {code}입니다. {minutes}분 후에 만료됩니다.\n\n이 코드는 이 주소를 Signet 조직 “{org}”의 연락처 주소로 확인합니다. 예상하지 못한 메일이라면 무시하세요.",
  },
  ja: {
    subject: "Signet の確認コード",
    text: "確認コードは {code} です。{minutes} 分で期限切れになります。\n\nこのコードで、このアドレスを Signet の組織「{org}」の連絡先アドレスとして確認します。心当たりがない場合は、このメッセージを無視してください。",
  },
};
