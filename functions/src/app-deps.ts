import {
  adminSetupToken,
  appOriginValue,
  clientIpSettings,
  firebaseWebApiKey,
  isEmulator,
  loginMailsPerHour,
  mailFrom,
  smtpUrl,
  stripeApiUrl,
  stripeSecretKey,
  visitorCookieSecret,
} from "./platform/config";
import { communityFromConfig } from "./community/community-config";
import { createLinkTester, isAllowedWebhookUrl } from "./links/link-tester";
import { emulatorFixtureOptions, isFixtureHost } from "./links/link-tester-fixture";
import type { AppDeps } from "./platform/deps";
import { awaitHostTurn } from "./platform/host-turns";
import { SmtpMailer } from "./platform/mailer";
import { createStripeClient, StripeSubscriptionLookup } from "./members/subscriptions";
import { cloudTasksLoginMailQueue } from "./auth/login-mail-queue";

// Params and secrets can be read only while handling a request, so the dependencies are built on first use.
let deps: AppDeps | undefined;
export function getDeps(): AppDeps {
  if (deps) return deps;
  // one tester reads pages, tests links and posts webhooks: the same guarded connections for all
  const fixtureHost = isEmulator() ? process.env.LINK_TESTER_FIXTURE_HOST : undefined;
  // every redirect hop waits for its turn at its host, as the first request's caller does
  const tester = createLinkTester({ ...emulatorFixtureOptions(fixtureHost), paceHop: (url) => awaitHostTurn(url) });
  // the local suite's stand-ins answer over plain http; a deploy has none
  const plainHttpAllowed = (host: string) => fixtureHost !== undefined && isFixtureHost(fixtureHost, host);
  deps = {
    subscriptions: new StripeSubscriptionLookup(createStripeClient(stripeSecretKey.value(), stripeApiUrl.value())),
    mailer: new SmtpMailer(smtpUrl.value(), mailFrom.value()),
    linkTester: tester,
    pageReader: tester,
    webhooks: { post: tester.post, isAllowedUrl: (url) => isAllowedWebhookUrl(url, plainHttpAllowed) },
    appOrigin: appOriginValue(),
    community: communityFromConfig(),
    webApiKey: firebaseWebApiKey.value(),
    adminSetupToken: isEmulator() ? null : adminSetupToken.value(),
    keyedHashSecret: visitorCookieSecret.value(),
    clientIp: clientIpSettings(),
    exposeLoginToken: isEmulator(),
    // the emulator looks up and mails before answering, so that its answer can carry the token
    loginMailQueue: isEmulator() ? null : cloudTasksLoginMailQueue,
    loginMailsPerHour: loginMailsPerHour.value(),
    now: () => new Date(),
  };
  return deps;
}
