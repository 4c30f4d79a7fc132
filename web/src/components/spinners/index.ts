export { PageSpinner } from "./page-spinner";
