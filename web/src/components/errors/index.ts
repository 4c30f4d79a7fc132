export { RouteErrorBoundary, RouteErrorFallback } from "./route-error-fallback";
export { LoadErrorAlert, QueryErrorAlert } from "./load-error-alert";
