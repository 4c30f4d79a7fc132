export { NotFoundCard } from "./not-found-card";
