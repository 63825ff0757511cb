/**
 * Verification codes as alimtalk (spec 4.4 "once a channel is linked, verification codes
 * to Korean numbers go as alimtalk with SMS fallback"): the port commerce hands down to
 * customers' MFA at init. A group without a linked channel, or an organization without
 * the Popbill membership, answers null and the code goes as SMS; Popbill falls back to
 * SMS itself when the alimtalk cannot be delivered and says so on the receipt.
 */
import { eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { AlimtalkCodes } from "../customers/index";
import { commerceKakaoChannels, commerceKoreanPackage } from "./schema";
import { PeerError } from "./adapters/http";
import type { Popbill } from "./adapters/korean";

export function alimtalkCodes(deps: Pick<AppContext, "db" | "logger">, popbill: Popbill | null): AlimtalkCodes {
  return {
    async send(input) {
      if (!popbill) return null;
      const [channel] = await deps.db.read.select().from(commerceKakaoChannels).where(eq(commerceKakaoChannels.id, input.appGroupId));
      if (!channel) return null;
      const [pkg] = await deps.db.read.select().from(commerceKoreanPackage).where(eq(commerceKoreanPackage.id, input.orgId));
      const userId = channel.memberId ?? pkg?.popbillUserId;
      if (!pkg?.popbillCorpNum || !userId) return null;
      // Alimtalk goes to the domestic form of the number (+82 10… → 010…).
      const to = `0${input.phone.replace(/^\+82/, "")}`;
      try {
        const sent = await popbill.sendAlimtalk({ corpNum: pkg.popbillCorpNum, userId, templateCode: channel.templateCode, senderNumber: channel.senderNumber, to, text: input.text, fallbackText: input.text });
        return sent.channel;
      } catch (error) {
        if (!(error instanceof PeerError)) throw error;
        // Popbill unreachable or refusing: the code still goes, as SMS through the service's own gateway.
        deps.logger.warn("alimtalk not sent; the code goes as SMS", { appGroupId: input.appGroupId, status: error.status, code: error.code, error: error.message });
        return null;
      }
    },
  };
}
