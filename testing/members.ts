import Stripe from "stripe";
import { callRoute } from "./http";
import { suite } from "./suite-env";
import { idTokenFromCustomToken } from "./emulators";
import { COLLECTIONS, db, DEFAULT_LOGIN_MAILS_PER_HOUR, loginMailShardId } from "../functions/src/toolkit";

/** Asks for a login link and returns the token the emulator puts in the answer. */
export async function requestLoginToken(email: string): Promise<string> {
  const res = await callRoute("sendLoginLink", { body: { email } });
  if (res.status !== 200 || !res.body.token) throw new Error(`sendLoginLink ${res.status}: ${res.text}`);
  return res.body.token;
}

/** The whole member sign-in: link, token exchange, Firebase ID token. */
export async function signInMember(email: string): Promise<string> {
  const token = await requestLoginToken(email);
  const res = await callRoute("exchangeLoginToken", { query: { token } });
  if (res.status !== 200) throw new Error(`exchangeLoginToken ${res.status}: ${res.text}`);
  return idTokenFromCustomToken(res.body.customToken);
}

/** A new paying member at the local Stripe (a customer with an active subscription), not yet signed in. */
export async function addActiveSubscriber(email: string): Promise<void> {
  const url = new URL(suite.stripeUrl);
  const stripe = new Stripe("sk_test_local", { host: url.hostname, port: Number(url.port), protocol: "http" });
  const customer = await stripe.customers.create({ email });
  await stripe.subscriptions.create({ customer: customer.id, status: "active" } as Stripe.SubscriptionCreateParams & { status: string });
}

/**
 * Records `count` login mails as sent in the current UTC hour (all in its first shard), as if the hub
 * had mailed them: the next one meets the hub-wide ceiling without a thousand real mails. Callers
 * make sure the hour does not end under them (`keepEachTestInOneClockHour`).
 */
export async function fillLoginMailCeiling(count = DEFAULT_LOGIN_MAILS_PER_HOUR, now = new Date()): Promise<void> {
  await db().collection(COLLECTIONS.loginMailCounts).doc(loginMailShardId(now, 0)).set({ count });
}
