import {
  adminSetupToken,
  appOrigin,
  clientIpSettings,
  communityJoinUrl,
  communityName,
  communitySupportEmail,
  firebaseWebApiKey,
  isEmulator,
  mailFrom,
  smtpUrl,
  stripeApiUrl,
  stripeSecretKey,
} from "./platform/config";
import { communitySchema, type Community } from "@hub/contract/community";
import { logger } from "firebase-functions";
import { createLinkTester } from "./links/link-tester";
import { emulatorFixtureOptions } from "./links/link-tester-fixture";
import type { AppDeps } from "./platform/deps";
import { SmtpMailer } from "./platform/mailer";
import { createStripeClient, StripeSubscriptionLookup } from "./members/subscriptions";

// Params and secrets can be read only while handling a request, so the dependencies are built on first use.
let deps: AppDeps | undefined;
export function getDeps(): AppDeps {
  deps ??= {
    subscriptions: new StripeSubscriptionLookup(createStripeClient(stripeSecretKey.value(), stripeApiUrl.value())),
    mailer: new SmtpMailer(smtpUrl.value(), mailFrom.value()),
    linkTester: createLinkTester(isEmulator() ? emulatorFixtureOptions(process.env.LINK_TESTER_FIXTURE_HOST) : {}),
    appOrigin: appOrigin.value().replace(/\/+$/, ""),
    community: communityFromConfig(),
    webApiKey: firebaseWebApiKey.value(),
    adminSetupToken: isEmulator() ? null : adminSetupToken.value(),
    clientIp: clientIpSettings(),
    exposeLoginToken: isEmulator(),
    now: () => new Date(),
  };
  return deps;
}

const COMMUNITY_PARAMS = { name: communityName, joinUrl: communityJoinUrl, supportEmail: communitySupportEmail } as const;

/**
 * A wrong join URL or support address must not reach visitors: an invalid configuration is logged,
 * naming each bad value, and the community is left out (its endpoint answers 503) rather than
 * taking the whole API, member login included, down with it.
 */
function communityFromConfig(): Community | null {
  const parsed = communitySchema.safeParse({
    name: COMMUNITY_PARAMS.name.value(),
    joinUrl: COMMUNITY_PARAMS.joinUrl.value(),
    supportEmail: COMMUNITY_PARAMS.supportEmail.value(),
  });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const field = issue.path[0] as keyof typeof COMMUNITY_PARAMS;
      return `${COMMUNITY_PARAMS[field].name}: ${issue.message}`;
    });
    logger.error(`Invalid community configuration in functions/.env.<project>: ${problems.join("; ")}`);
    return null;
  }
  return parsed.data;
}
