import { setGlobalOptions } from "firebase-functions/v2";
import { onRequest } from "firebase-functions/v2/https";
import { onSchedule } from "firebase-functions/v2/scheduler";
import type { Express } from "express";
import { createApp } from "./app";
import { handleRedirect } from "./redirect";
import { apiSecrets, appOrigin, firebaseWebApiKey, isEmulator, mailFrom, smtpUrl, stripeApiUrl, stripeSecretKey } from "./config";
import { createLinkTester } from "./services/link-tester";
import { emulatorFixtureOptions } from "./services/link-tester-fixture";
import type { AppDeps } from "./services/deps";
import { SmtpMailer } from "./services/mailer";
import { checkAllSubscriptions } from "./services/subscription-checks";
import { createStripeClient, StripeSubscriptionLookup } from "./services/subscriptions";

setGlobalOptions({ region: "us-central1", maxInstances: 20 });

// Params and secrets can be read only while handling a request, so the dependencies are built on first use.
let deps: AppDeps | undefined;
function getDeps(): AppDeps {
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

let app: Express | undefined;
const getApp = (): Express => (app ??= createApp(getDeps()));

// The platform hands over its own express 4 request objects; our app is express 5, whose types differ
// though the objects are the same Node request and response.
type NodeHandler = (req: unknown, res: unknown) => void;

export const api = onRequest({ secrets: apiSecrets, memory: "256MiB", timeoutSeconds: 60 }, (req, res) => {
  (getApp() as unknown as NodeHandler)(req, res);
});

export const redirect = onRequest({ memory: "256MiB", timeoutSeconds: 10 }, (req, res) => {
  (handleRedirect as unknown as NodeHandler)(req, res);
});

/**
 * The daily check of every member's subscription (the same work as the admin's button); members who
 * lost theirs lose access. Emulators do not fire schedules: the handler is tested through `.run`.
 */
export const dailySubscriptionCheck = onSchedule({ schedule: "every day 03:00", timeZone: "UTC", secrets: apiSecrets, timeoutSeconds: 540 }, async () => {
  await checkAllSubscriptions(getDeps(), "schedule");
});
