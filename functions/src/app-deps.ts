import { appOrigin, firebaseWebApiKey, isEmulator, mailFrom, smtpUrl, stripeApiUrl, stripeSecretKey } from "./config";
import { createLinkTester } from "./services/link-tester";
import { emulatorFixtureOptions } from "./services/link-tester-fixture";
import type { AppDeps } from "./services/deps";
import { SmtpMailer } from "./services/mailer";
import { createStripeClient, StripeSubscriptionLookup } from "./services/subscriptions";

// Params and secrets can be read only while handling a request, so the dependencies are built on first use.
let deps: AppDeps | undefined;
export function getDeps(): AppDeps {
  deps ??= {
    subscriptions: new StripeSubscriptionLookup(createStripeClient(stripeSecretKey.value(), stripeApiUrl.value())),
    mailer: new SmtpMailer(smtpUrl.value(), mailFrom.value()),
    linkTester: createLinkTester(isEmulator() ? emulatorFixtureOptions(process.env.LINK_TESTER_FIXTURE_HOST) : {}),
    appOrigin: appOrigin.value().replace(/\/+$/, ""),
    webApiKey: firebaseWebApiKey.value(),
    exposeLoginToken: isEmulator(),
    now: () => new Date(),
  };
  return deps;
}
