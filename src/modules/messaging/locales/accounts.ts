/** Mails about accounts and end users' accounts: linking two accounts, an imported end user's new sign-in. */
import type { MailTemplate } from "../compose";

export const accountLinkMail: MailTemplate = {
  en: {
    subject: "Link your Signet account",
    text: "{asker} asked to link their Signet account with the account of {address}.\nOnce linked, {asker} can switch into the account of {address} with their passkey, without signing in again.\n\nIf that is you and you want this, open:\n\n{link}\n\nThe link works once and expires in {minutes} minutes. If you did not ask for this, ignore this mail: nothing is linked without the link.",
  },
  ko: {
    subject: "Signet 계정 연결",
    text: "{asker} 님이 자신의 Signet 계정을 {address} 계정과 연결하도록 요청했습니다.\n연결되면 {asker} 님은 다시 로그인하지 않고 패스키로 {address} 계정으로 전환할 수 있습니다.\n\n본인이 요청했고 연결을 원한다면 아래 링크를 여세요:\n\n{link}\n\n이 링크는 한 번만 사용할 수 있으며 {minutes}분 후에 만료됩니다. 요청하지 않았다면 이 메일을 무시하세요. 링크를 열지 않으면 아무것도 연결되지 않습니다.",
  },
  ja: {
    subject: "Signet アカウントの連携",
    text: "{asker} さんが、自分の Signet アカウントを {address} のアカウントと連携するようリクエストしました。\n連携すると、{asker} さんは再度サインインせずにパスキーで {address} のアカウントに切り替えられます。\n\nご本人で連携を希望する場合は、次のリンクを開いてください:\n\n{link}\n\nこのリンクは 1 回だけ使え、{minutes} 分で期限切れになります。心当たりがない場合は、このメールを無視してください。リンクを開かない限り何も連携されません。",
  },
};

export const endUserImportedMail: MailTemplate = {
  en: {
    subject: "Your {app} account is ready",
    text: "{org} has moved your {app} account ({email}) to a new sign-in.\n\nSign in here with your e-mail address; we send you a link, no password needed:\n{link}\n",
  },
  ko: {
    subject: "{app} 계정이 준비되었습니다",
    text: "{org}에서 {app} 계정({email})을 새 로그인 방식으로 옮겼습니다.\n\n아래에서 이메일 주소로 로그인하세요. 비밀번호 없이 로그인 링크를 보내 드립니다:\n{link}\n",
  },
  ja: {
    subject: "{app} のアカウントの準備ができました",
    text: "{org} は、あなたの {app} アカウント ({email}) を新しいサインイン方法に移行しました。\n\nメールアドレスでこちらからサインインしてください。パスワードは不要で、リンクをお送りします:\n{link}\n",
  },
};
