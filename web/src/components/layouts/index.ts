export { CenteredLayout } from "./centered-layout";
export { PageLayout } from "./page-layout";
export { MessageCard } from "./message-card";
