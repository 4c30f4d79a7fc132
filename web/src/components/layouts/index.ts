export { CenteredLayout } from "./centered-layout";
export { PageLayout } from "./page-layout";
