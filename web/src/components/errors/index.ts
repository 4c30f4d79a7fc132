export { RouteErrorFallback } from "./route-error-fallback";
export { LoadErrorAlert } from "./load-error-alert";
