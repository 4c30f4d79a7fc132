/** What the open /programs page says of the paid referrals members recorded this year; null for none (nothing is shown). */
export const paidReferralsLabel = (count: number): string | null =>
  count > 0 ? `Members reported ${count.toLocaleString("en")} paid referral${count === 1 ? "" : "s"} this year` : null;
