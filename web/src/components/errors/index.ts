export { RouteErrorFallback } from "./route-error-fallback";
